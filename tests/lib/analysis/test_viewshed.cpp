// ViewshedWorld (tools/Viewshed.h): dirty flags, recomputing only dirty observers, revealed
// memory that keeps what was last seen, and bad input.
#include "analysis/Viewshed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

using namespace cvv;

namespace {
// A 20x10 room: walls on the border, a wall segment at x = 10 from y = 1 to 7 (a door at y = 8).
ViewshedWorld roomWorld()
{
	ViewshedWorld kWorld(20, 10);
	for (int iX = 0; iX < 20; ++iX)
	{
		kWorld.setOpaque(iX, 0, true);
		kWorld.setOpaque(iX, 9, true);
	}
	for (int iY = 0; iY < 10; ++iY)
	{
		kWorld.setOpaque(0, iY, true);
		kWorld.setOpaque(19, iY, true);
	}
	for (int iY = 1; iY <= 7; ++iY)
	{
		kWorld.setOpaque(10, iY, true);
	}
	return kWorld;
}
}

TEST(Viewshed, NewObserversAreDirtyAndUpdateRecomputesThemOnce)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(5, 3, 8);
	const int iB = kWorld.addObserver(15, 4, 6, CV_FOV_PERMISSIVE, CV_FOV_CHEBYSHEV);
	EXPECT_TRUE(kWorld.isDirty(iA));
	EXPECT_TRUE(kWorld.visiblePlots(iA).empty());
	EXPECT_EQ(2, kWorld.update());
	EXPECT_FALSE(kWorld.isDirty(iA));
	EXPECT_FALSE(kWorld.isDirty(iB));
	EXPECT_EQ(0, kWorld.update()); // nothing changed
	EXPECT_TRUE(kWorld.isVisible(iA, 3, 3));
	EXPECT_TRUE(kWorld.isVisible(iA, 10, 3)); // the wall
	EXPECT_FALSE(kWorld.isVisible(iA, 12, 3)); // behind it
	EXPECT_TRUE(kWorld.isVisible(iB, 12, 3));
}

TEST(Viewshed, VisiblePlotsAreThoseOfTheFieldOfView)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(4, 5, 7, CV_FOV_SYMMETRIC, CV_FOV_MANHATTAN);
	kWorld.update();
	EXPECT_EQ(fovVisiblePlots(kWorld.grid(), 4, 5, 7, CV_FOV_SYMMETRIC, CV_FOV_MANHATTAN), kWorld.visiblePlots(iA));
}

TEST(Viewshed, MovingMarksOnlyThatObserverDirty)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(3, 3, 4);
	const int iB = kWorld.addObserver(15, 4, 4);
	kWorld.update();
	kWorld.moveObserver(iA, 4, 3);
	EXPECT_TRUE(kWorld.isDirty(iA));
	EXPECT_FALSE(kWorld.isDirty(iB));
	EXPECT_EQ(1, kWorld.update());
	kWorld.moveObserver(iB, 15, 4); // the same place: not a move
	EXPECT_FALSE(kWorld.isDirty(iB));
	kWorld.setRadius(iB, 5);
	EXPECT_TRUE(kWorld.isDirty(iB));
	EXPECT_EQ(1, kWorld.update());
}

TEST(Viewshed, ChangingACellMarksOnlyObserversWhoseRangeCoversIt)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(3, 3, 4);
	const int iB = kWorld.addObserver(15, 4, 4);
	kWorld.update();
	kWorld.setOpaque(5, 5, true); // 2 + 2 away from A, far from B
	EXPECT_TRUE(kWorld.isDirty(iA));
	EXPECT_FALSE(kWorld.isDirty(iB));
	EXPECT_EQ(1, kWorld.update());
	kWorld.setOpaque(5, 5, true); // no change: nobody dirty
	EXPECT_EQ(0, kWorld.update());
	kWorld.setOpaque(8, 3, true); // 5 away from A (radius 4): out of range
	EXPECT_FALSE(kWorld.isDirty(iA));
	EXPECT_EQ(0, kWorld.update());
}

TEST(Viewshed, OpeningAWallShowsWhatIsBehindIt)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(7, 4, 6);
	kWorld.update();
	EXPECT_FALSE(kWorld.isVisible(iA, 12, 4));
	kWorld.setOpaque(10, 4, false);
	kWorld.setOpaque(10, 3, false);
	kWorld.setOpaque(10, 5, false);
	EXPECT_EQ(1, kWorld.update());
	EXPECT_TRUE(kWorld.isVisible(iA, 12, 4));
}

TEST(Viewshed, MemoryKeepsWhatWasLastSeen)
{
	ViewshedWorld kWorld = roomWorld();
	const int iA = kWorld.addObserver(3, 3, 4);
	kWorld.update();
	EXPECT_EQ(ViewshedWorld::MEMORY_TRANSPARENT, kWorld.remembered(iA, 5, 3));
	EXPECT_EQ(ViewshedWorld::MEMORY_OPAQUE, kWorld.remembered(iA, 0, 3));
	EXPECT_EQ(ViewshedWorld::MEMORY_UNKNOWN, kWorld.remembered(iA, 15, 3));
	EXPECT_FALSE(kWorld.isRevealed(iA, 15, 3));
	const std::vector<int> aiFirstSeen = kWorld.visiblePlots(iA);
	EXPECT_EQ(aiFirstSeen, kWorld.revealedPlots(iA));

	// Walk east out of sight of (5, 3), then build a wall there: the memory keeps the floor.
	kWorld.moveObserver(iA, 16, 5);
	kWorld.update();
	EXPECT_FALSE(kWorld.isVisible(iA, 5, 3));
	kWorld.setOpaque(5, 3, true);
	EXPECT_FALSE(kWorld.isDirty(iA)); // out of range
	EXPECT_EQ(ViewshedWorld::MEMORY_TRANSPARENT, kWorld.remembered(iA, 5, 3));
	EXPECT_TRUE(kWorld.isRevealed(iA, 15, 3)); // seen now, kept
	const std::vector<int> aiRevealed = kWorld.revealedPlots(iA);
	for (int iPlot : aiFirstSeen)
	{
		EXPECT_TRUE(std::binary_search(aiRevealed.begin(), aiRevealed.end(), iPlot));
	}

	// Back in sight: the memory is brought up to date.
	kWorld.moveObserver(iA, 3, 3);
	kWorld.update();
	EXPECT_EQ(ViewshedWorld::MEMORY_OPAQUE, kWorld.remembered(iA, 5, 3));
}

TEST(Viewshed, RangeCrossesTheSeamOfAWrappingMap)
{
	ViewshedWorld kWorld(30, 10, true, false);
	const int iA = kWorld.addObserver(1, 5, 3, CV_FOV_SYMMETRIC, CV_FOV_CHEBYSHEV);
	kWorld.update();
	EXPECT_TRUE(kWorld.inRange(iA, 28, 5));
	EXPECT_TRUE(kWorld.isVisible(iA, 28, 5));
	kWorld.setOpaque(29, 5, true);
	EXPECT_TRUE(kWorld.isDirty(iA));
	kWorld.update();
	EXPECT_FALSE(kWorld.isVisible(iA, 28, 5));
}

TEST(Viewshed, OnlyDirtyObserversAreRecomputedAmongMany)
{
	ViewshedWorld kWorld(64, 64);
	std::mt19937 kRng(11u);
	for (int i = 0; i < 40; ++i)
	{
		kWorld.addObserver(int(kRng() % 64u), int(kRng() % 64u), 5);
	}
	EXPECT_EQ(40, kWorld.update());
	for (int iStep = 0; iStep < 50; ++iStep)
	{
		const int iX = int(kRng() % 64u);
		const int iY = int(kRng() % 64u);
		kWorld.setOpaque(iX, iY, !kWorld.isOpaque(iX, iY));
		int iExpected = 0;
		for (int iId : kWorld.observerIds())
		{
			iExpected += kWorld.inRange(iId, iX, iY) ? 1 : 0;
			EXPECT_EQ(kWorld.inRange(iId, iX, iY), kWorld.isDirty(iId));
		}
		EXPECT_EQ(iExpected, kWorld.update());
	}
}

TEST(Viewshed, BadInputThrowsWithAClearMessage)
{
	EXPECT_THROW(ViewshedWorld(0, 5), std::invalid_argument);
	ViewshedWorld kWorld(10, 10);
	EXPECT_THROW(kWorld.addObserver(10, 0, 3), std::invalid_argument);
	EXPECT_THROW(kWorld.addObserver(0, 0, -1), std::invalid_argument);
	EXPECT_THROW(kWorld.addObserver(0, 0, CV_FOV_MAX_RADIUS + 1), std::invalid_argument);
	EXPECT_THROW(kWorld.addObserver(0, 0, 3, static_cast<CvFovMode>(9)), std::invalid_argument);
	EXPECT_THROW(kWorld.setOpaque(-1, 0, true), std::invalid_argument);
	EXPECT_THROW(kWorld.isDirty(0), std::invalid_argument);
	const int iA = kWorld.addObserver(0, 0, 3);
	EXPECT_THROW(kWorld.moveObserver(iA, 0, 10), std::invalid_argument);
	EXPECT_THROW(kWorld.setRadius(iA, 65), std::invalid_argument);
	kWorld.removeObserver(iA);
	EXPECT_THROW(kWorld.isVisible(iA, 0, 0), std::invalid_argument);
	try
	{
		kWorld.addObserver(12, 3, 3);
		FAIL();
	}
	catch (const std::invalid_argument& kError)
	{
		EXPECT_STREQ("observer position (12, 3) is off the 10x10 map", kError.what());
	}
	EXPECT_THROW(fovLineOfSight(kWorld.grid(), 0, 0, 10, 0, 3, CV_FOV_EUCLIDEAN), std::invalid_argument);
	EXPECT_THROW(fovLineOfSight(kWorld.grid(), 0, 0, 1, 0, -2, CV_FOV_EUCLIDEAN), std::invalid_argument);
	EXPECT_TRUE(fovLineOfSight(kWorld.grid(), 0, 0, 3, 1, 4, CV_FOV_EUCLIDEAN));
	EXPECT_THROW(fovModeNamed("wide"), std::invalid_argument);
	EXPECT_THROW(fovMetricNamed("taxicab"), std::invalid_argument);
	EXPECT_EQ(CV_FOV_MANHATTAN, fovMetricNamed("manhattan"));
}
