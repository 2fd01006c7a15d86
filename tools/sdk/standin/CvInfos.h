// SDK mock: the info classes, with only the members vision reads. Tests fill them directly.
// Written for CvVision's tests from docs/vision-rules.md; not the SDK's file.
#pragma once
#ifndef CV_MOCK_INFOS_H
#define CV_MOCK_INFOS_H

#include "CvEnums.h"

#include <string>
#include <vector>

class CvInfoBase
{
public:
	explicit CvInfoBase(const std::string& szType = "") : m_szType(szType) {}
	const char* getType() const { return m_szType.c_str(); }

private:
	std::string m_szType;
};

class CvTerrainInfo : public CvInfoBase
{
public:
	CvTerrainInfo(const std::string& szType, int iSeeFrom, int iSeeThrough, bool bWater, int iMovementCost = 1,
		bool bImpassable = false)
		: CvInfoBase(szType), m_iSeeFrom(iSeeFrom), m_iSeeThrough(iSeeThrough), m_bWater(bWater)
		, m_iMovementCost(iMovementCost), m_bImpassable(bImpassable) {}
	int getSeeFromLevel() const { return m_iSeeFrom; }
	int getSeeThroughLevel() const { return m_iSeeThrough; }
	bool isWater() const { return m_bWater; }
	int getMovementCost() const { return m_iMovementCost; } // <iMovement>
	bool isImpassable() const { return m_bImpassable; }

private:
	int m_iSeeFrom;
	int m_iSeeThrough;
	bool m_bWater;
	int m_iMovementCost;
	bool m_bImpassable;
};

class CvFeatureInfo : public CvInfoBase
{
public:
	CvFeatureInfo(const std::string& szType, int iSeeThroughChange, int iMovementCost = 1, bool bImpassable = false)
		: CvInfoBase(szType), m_iSeeThroughChange(iSeeThroughChange), m_iMovementCost(iMovementCost)
		, m_bImpassable(bImpassable) {}
	int getSeeThroughChange() const { return m_iSeeThroughChange; }
	int getMovementCost() const { return m_iMovementCost; } // <iMovement>
	bool isImpassable() const { return m_bImpassable; }

private:
	int m_iSeeThroughChange;
	int m_iMovementCost;
	bool m_bImpassable;
};

// A route type (CIV4RouteInfos.xml): <iMovement>, <iFlatMovement>, <TechMovementChanges>.
class CvRouteInfo : public CvInfoBase
{
public:
	CvRouteInfo(const std::string& szType, int iMovementCost, int iFlatMovementCost)
		: CvInfoBase(szType), m_iMovementCost(iMovementCost), m_iFlatMovementCost(iFlatMovementCost) {}
	int getMovementCost() const { return m_iMovementCost; }
	int getFlatMovementCost() const { return m_iFlatMovementCost; }
	// Per tech (index into the tech infos): the change of iMovement the tech brings.
	int getTechMovementChange(int i) const
	{
		return (i >= 0 && i < static_cast<int>(m_aiTechMovementChange.size())) ? m_aiTechMovementChange[i] : 0;
	}

	// mock only
	CvRouteInfo& techMovementChange(int eTech, int iChange)
	{
		if (eTech >= static_cast<int>(m_aiTechMovementChange.size()))
		{
			m_aiTechMovementChange.resize(eTech + 1, 0);
		}
		m_aiTechMovementChange[eTech] = iChange;
		return *this;
	}

private:
	int m_iMovementCost;
	int m_iFlatMovementCost;
	std::vector<int> m_aiTechMovementChange;
};

class CvImprovementInfo : public CvInfoBase
{
public:
	explicit CvImprovementInfo(const std::string& szType) : CvInfoBase(szType) {}
};

class CvTechInfo : public CvInfoBase
{
public:
	CvTechInfo(const std::string& szType, bool bExtraWaterSeeFrom)
		: CvInfoBase(szType), m_bExtraWaterSeeFrom(bExtraWaterSeeFrom) {}
	bool isExtraWaterSeeFrom() const { return m_bExtraWaterSeeFrom; }

private:
	bool m_bExtraWaterSeeFrom;
};

class CvPromotionInfo : public CvInfoBase
{
public:
	CvPromotionInfo(const std::string& szType, int iVisibilityChange)
		: CvInfoBase(szType), m_iVisibilityChange(iVisibilityChange) {}
	int getVisibilityChange() const { return m_iVisibilityChange; }

private:
	int m_iVisibilityChange;
};

class CvInvisibleInfo : public CvInfoBase
{
public:
	explicit CvInvisibleInfo(const std::string& szType) : CvInfoBase(szType) {}
};

class CvUnitInfo : public CvInfoBase
{
public:
	CvUnitInfo(const std::string& szType, DomainTypes eDomain)
		: CvInfoBase(szType), m_eDomain(eDomain), m_bLineOfSight(false), m_iMoves(1) {}
	DomainTypes getDomainType() const { return m_eDomain; }
	int getMoves() const { return m_iMoves; }
	int getNumSeeInvisibleTypes() const { return static_cast<int>(m_aeSeeInvisible.size()); }
	InvisibleTypes getSeeInvisibleType(int i) const { return m_aeSeeInvisible[i]; }
	bool isLineOfSight() const { return m_bLineOfSight; }

	// mock only
	CvUnitInfo& seeInvisible(InvisibleTypes e) { m_aeSeeInvisible.push_back(e); return *this; }
	CvUnitInfo& lineOfSight() { m_bLineOfSight = true; return *this; }
	CvUnitInfo& moves(int i) { m_iMoves = i; return *this; }

private:
	DomainTypes m_eDomain;
	std::vector<InvisibleTypes> m_aeSeeInvisible;
	bool m_bLineOfSight;
	int m_iMoves;
};

#endif
