// SDK mock: the game's enum types vision uses, with the game's order of values.
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_ENUMS_H
#define CV_MOCK_ENUMS_H

enum TeamTypes { NO_TEAM = -1 };
enum PlayerTypes { NO_PLAYER = -1 };
enum TerrainTypes { NO_TERRAIN = -1 };
enum FeatureTypes { NO_FEATURE = -1 };
enum ImprovementTypes { NO_IMPROVEMENT = -1 };
enum TechTypes { NO_TECH = -1 };
enum PromotionTypes { NO_PROMOTION = -1 };
enum UnitTypes { NO_UNIT = -1 };
enum InvisibleTypes { NO_INVISIBLE = -1 };
enum RouteTypes { NO_ROUTE = -1 };

enum PlotTypes { NO_PLOT = -1, PLOT_PEAK, PLOT_HILLS, PLOT_LAND, PLOT_OCEAN, NUM_PLOT_TYPES };

enum DomainTypes { NO_DOMAIN = -1, DOMAIN_SEA, DOMAIN_AIR, DOMAIN_LAND, DOMAIN_IMMOBILE, NUM_DOMAIN_TYPES };

enum DirectionTypes
{
	NO_DIRECTION = -1,
	DIRECTION_NORTH,
	DIRECTION_NORTHEAST,
	DIRECTION_EAST,
	DIRECTION_SOUTHEAST,
	DIRECTION_SOUTH,
	DIRECTION_SOUTHWEST,
	DIRECTION_WEST,
	DIRECTION_NORTHWEST,
	NUM_DIRECTION_TYPES
};

#endif
