// CvFov (CvGameCoreDLL/CvFov.h): lines, coverage, pruning, symmetry, walls, wrap, bad input, and
// a brute-force reference that walks every line itself. The one-way shares of the permissive mode
// and of the BTS rule are measured and printed (for docs/field-of-view.md, "One-way pairs").
#include "CvFov.h"
#include "CvVisionEngine.h"
#include "model/PlotGrid.h"
#include "engine/RandomMaps.h"
#include "analysis/Viewshed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace cvv;

namespace {
const CvFovMetric METRICS[3] = { CV_FOV_EUCLIDEAN, CV_FOV_CHEBYSHEV, CV_FOV_MANHATTAN };
const CvFovMode MODES[2] = { CV_FOV_PERMISSIVE, CV_FOV_SYMMETRIC };

typedef std::pair<int, int> Cell;

std::vector<Cell> lineCells(int iDX, int iDY, int iVariant)
{
	int aiX[2 * CV_FOV_MAX_RADIUS + 1];
	int aiY[2 * CV_FOV_MAX_RADIUS + 1];
	const int iNum = cvFovLine(iDX, iDY, iVariant, aiX, aiY);
	std::vector<Cell> aCells;
	for (int i = 0; i < iNum; ++i)
	{
		aCells.push_back(Cell(aiX[i], aiY[i]));
	}
	return aCells;
}

// The reference's own line, found differently: at each step along the major axis, the minor
// value nearest the exact line by a search over all candidates; ties as documented.
std::vector<Cell> referenceLine(int iDX, int iDY, int iVariant)
{
	const int iA = std::max(std::abs(iDX), std::abs(iDY));
	const int iB = std::min(std::abs(iDX), std::abs(iDY));
	const bool bMajorX = std::abs(iDX) >= std::abs(iDY);
	std::vector<Cell> aCells;
	for (int iStep = 0; iStep <= iA; ++iStep)
	{
		int iBest = 0;
		long lBestError = -1;
		for (int iK = 0; iK <= iB; ++iK)
		{
			const long lError = std::labs(2L * iB * iStep - 2L * iK * iA); // 2a * |exact - k|
			const bool bTie = lError == lBestError;
			const bool bTakeLarger = 2 * iStep > iA || (2 * iStep == iA && iVariant == 1);
			if (lBestError < 0 || lError < lBestError || (bTie && bTakeLarger))
			{
				iBest = iK;
				lBestError = lError;
			}
		}
		const int iSX = iDX < 0 ? -1 : 1;
		const int iSY = iDY < 0 ? -1 : 1;
		aCells.push_back(bMajorX ? Cell(iSX * iStep, iSY * iBest) : Cell(iSX * iBest, iSY * iStep));
	}
	return aCells;
}

// Random walls (iWallPercent of the cells).
FovGrid randomGrid(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iWallPercent, std::mt19937& kRng)
{
	FovGrid kGrid(iWidth, iHeight, bWrapX, bWrapY);
	std::uniform_int_distribution<int> kPercent(0, 99);
	for (int iY = 0; iY < iHeight; ++iY)
	{
		for (int iX = 0; iX < iWidth; ++iX)
		{
			kGrid.setOpaque(iX, iY, kPercent(kRng) < iWallPercent);
		}
	}
	return kGrid;
}

std::set<int> computeSet(const CvFovTable& kTable, const FovGrid& kGrid, int iX, int iY, int iRadius)
{
	CvFovVisibleSet kSet(kGrid.plotCount());
	EXPECT_EQ(CV_FOV_OK, kTable.compute(kGrid, iX, iY, iRadius, kSet));
	std::set<int> aiPlots;
	for (int i = 0; i < kSet.size(); ++i)
	{
		EXPECT_TRUE(aiPlots.insert(kSet.plot(i)).second) << "plot listed twice: " << kSet.plot(i);
	}
	return aiPlots;
}

// The plot a displacement names, or -1 when absent.
int plotAt(const FovGrid& kGrid, int iX, int iY)
{
	const int iW = kGrid.getGridWidth();
	const int iH = kGrid.getGridHeight();
	if (kGrid.isWrapX())
	{
		iX = ((iX % iW) + iW) % iW;
	}
	if (kGrid.isWrapY())
	{
		iY = ((iY % iH) + iH) % iH;
	}
	return kGrid.contains(iX, iY) ? kGrid.plotIndex(iX, iY) : -1;
}

// Brute force, symmetric mode: a target is visible when some variant of its line is present
// and transparent between the origin and it.
std::set<int> referenceSymmetric(const FovGrid& kGrid, CvFovMetric eMetric, int iX, int iY, int iRadius)
{
	std::set<int> aiPlots;
	aiPlots.insert(kGrid.plotIndex(iX, iY));
	for (int iDY = -iRadius; iDY <= iRadius; ++iDY)
	{
		for (int iDX = -iRadius; iDX <= iRadius; ++iDX)
		{
			const int iTarget = plotAt(kGrid, iX + iDX, iY + iDY);
			if (iTarget < 0 || !cvFovWithinRadius(eMetric, iDX, iDY, iRadius))
			{
				continue;
			}
			for (int iVariant = 0; iVariant < 2; ++iVariant)
			{
				const std::vector<Cell> aLine = referenceLine(iDX, iDY, iVariant);
				bool bClear = true;
				for (size_t i = 1; i + 1 < aLine.size() && bClear; ++i)
				{
					const int iPlot = plotAt(kGrid, iX + aLine[i].first, iY + aLine[i].second);
					bClear = iPlot >= 0 && !kGrid.isOpaque(iPlot);
				}
				if (bClear)
				{
					aiPlots.insert(iTarget);
				}
			}
		}
	}
	return aiPlots;
}

// Brute force, permissive mode: walk the ray to every border cell of the table's square, cut
// at the radius, until the first opaque or absent cell (the opaque one is seen).
std::set<int> referencePermissive(
	const FovGrid& kGrid, CvFovMetric eMetric, int iTableRadius, int iX, int iY, int iRadius)
{
	std::set<int> aiPlots;
	aiPlots.insert(kGrid.plotIndex(iX, iY));
	const int iR = iTableRadius;
	for (int iBY = -iR; iBY <= iR; ++iBY)
	{
		for (int iBX = -iR; iBX <= iR; ++iBX)
		{
			if (std::max(std::abs(iBX), std::abs(iBY)) != iR)
			{
				continue;
			}
			const std::vector<Cell> aRay = referenceLine(iBX, iBY, 0);
			for (size_t i = 1; i < aRay.size(); ++i)
			{
				if (!cvFovWithinRadius(eMetric, aRay[i].first, aRay[i].second, iRadius)
					|| !cvFovWithinRadius(eMetric, aRay[i].first, aRay[i].second, iTableRadius))
				{
					break;
				}
				const int iPlot = plotAt(kGrid, iX + aRay[i].first, iY + aRay[i].second);
				if (iPlot < 0)
				{
					break;
				}
				aiPlots.insert(iPlot);
				if (kGrid.isOpaque(iPlot))
				{
					break;
				}
			}
		}
	}
	return aiPlots;
}

const CvFovTable& bigTable(CvFovMode eMode, CvFovMetric eMetric) { return fovTable(eMode, eMetric, CV_FOV_MAX_RADIUS); }

// One node of a table walked with pruning at a radius: displacement, flags, parent's position.
struct PrunedNode
{
	int iDX, iDY, iFlags, iParent;
	bool operator==(const PrunedNode& k) const
	{
		return iDX == k.iDX && iDY == k.iDY && iFlags == k.iFlags && iParent == k.iParent;
	}
};

std::vector<PrunedNode> prunedNodes(const CvFovTable& kTable, int iRadius)
{
	const int iLimit = cvFovKeyLimit(kTable.metric(), iRadius);
	std::vector<PrunedNode> aOut;
	std::vector<std::pair<int, int>> aStack; // (skip of an open node, its position in aOut)
	int iIndex = 0;
	while (iIndex < kTable.numNodes())
	{
		while (!aStack.empty() && iIndex >= aStack.back().first)
		{
			aStack.pop_back();
		}
		const CvFovNode& kNode = kTable.node(iIndex);
		if (kNode.iPruneKey > iLimit)
		{
			iIndex = kNode.iSkip;
			continue;
		}
		PrunedNode kOut = { kNode.iDX, kNode.iDY, kNode.iFlags, aStack.empty() ? -1 : aStack.back().second };
		aStack.push_back(std::make_pair(kNode.iSkip, int(aOut.size())));
		aOut.push_back(kOut);
		++iIndex;
	}
	return aOut;
}
}

// --- lines ----------------------------------------------------------------------------------------

TEST(FovLine, MatchesTheReferenceSearchAndIsSymmetricAndMirrored)
{
	for (int iDY = -CV_FOV_MAX_RADIUS; iDY <= CV_FOV_MAX_RADIUS; ++iDY)
	{
		for (int iDX = -CV_FOV_MAX_RADIUS; iDX <= CV_FOV_MAX_RADIUS; ++iDX)
		{
			std::set<std::vector<Cell>> aForward;
			std::set<std::vector<Cell>> aBackward; // the lines from the target, in the origin's frame
			for (int iVariant = 0; iVariant < 2; ++iVariant)
			{
				const std::vector<Cell> aLine = lineCells(iDX, iDY, iVariant);
				ASSERT_EQ(referenceLine(iDX, iDY, iVariant), aLine) << iDX << "," << iDY << " variant " << iVariant;
				ASSERT_EQ(Cell(iDX, iDY), aLine.back());
				aForward.insert(aLine);
				std::vector<Cell> aBack = lineCells(-iDX, -iDY, iVariant);
				for (size_t i = 0; i < aBack.size(); ++i)
				{
					aBack[i] = Cell(aBack[i].first + iDX, aBack[i].second + iDY);
				}
				std::reverse(aBack.begin(), aBack.end());
				aBackward.insert(aBack);
				// The mirror image across the x axis is the line to the mirrored target.
				std::vector<Cell> aMirror = lineCells(iDX, -iDY, iVariant);
				for (size_t i = 0; i < aMirror.size(); ++i)
				{
					ASSERT_EQ(aLine[i].first, aMirror[i].first);
					ASSERT_EQ(aLine[i].second, -aMirror[i].second);
				}
			}
			ASSERT_EQ(aForward, aBackward) << "line to " << iDX << "," << iDY << " is not its reverse's mirror";
			ASSERT_EQ(cvFovLineHasMidpointTie(iDX, iDY), aForward.size() == 2) << iDX << "," << iDY;
		}
	}
}

// --- coverage and pruning -------------------------------------------------------------------------

TEST(FovCoverage, EveryCellWithinTheRadiusIsOnARayForRadiiUpTo64)
{
	for (int eMetric = 0; eMetric < 3; ++eMetric)
	{
		for (int iR = 1; iR <= CV_FOV_MAX_RADIUS; ++iR)
		{
			CvFovTable kTable;
			ASSERT_EQ(CV_FOV_OK, kTable.build(iR, CV_FOV_PERMISSIVE, METRICS[eMetric]));
			std::set<Cell> aOnRays;
			for (int i = 0; i < kTable.numNodes(); ++i)
			{
				aOnRays.insert(Cell(kTable.node(i).iDX, kTable.node(i).iDY));
				ASSERT_TRUE(kTable.node(i).iFlags & CV_FOV_NODE_VISIBLE);
			}
			for (int iDY = -iR; iDY <= iR; ++iDY)
			{
				for (int iDX = -iR; iDX <= iR; ++iDX)
				{
					const bool bWithin = cvFovWithinRadius(METRICS[eMetric], iDX, iDY, iR) && (iDX != 0 || iDY != 0);
					ASSERT_EQ(bWithin, aOnRays.count(Cell(iDX, iDY)) == 1)
						<< fovMetricName(METRICS[eMetric]) << " radius " << iR << " cell " << iDX << "," << iDY;
				}
			}
		}
	}
}

TEST(FovCoverage, AnOpenMapShowsExactlyTheCellsWithinEveryRadius)
{
	FovGrid kGrid(2 * CV_FOV_MAX_RADIUS + 1, 2 * CV_FOV_MAX_RADIUS + 1);
	const int iC = CV_FOV_MAX_RADIUS;
	for (int eMode = 0; eMode < 2; ++eMode)
	{
		for (int eMetric = 0; eMetric < 3; ++eMetric)
		{
			const CvFovTable& kTable = bigTable(MODES[eMode], METRICS[eMetric]);
			for (int iR = 0; iR <= CV_FOV_MAX_RADIUS; ++iR)
			{
				const std::set<int> aSeen = computeSet(kTable, kGrid, iC, iC, iR);
				std::set<int> aExpected;
				for (int iDY = -iR; iDY <= iR; ++iDY)
				{
					for (int iDX = -iR; iDX <= iR; ++iDX)
					{
						if (cvFovWithinRadius(METRICS[eMetric], iDX, iDY, iR))
						{
							aExpected.insert(kGrid.plotIndex(iC + iDX, iC + iDY));
						}
					}
				}
				ASSERT_EQ(aExpected, aSeen)
					<< fovModeName(MODES[eMode]) << " " << fovMetricName(METRICS[eMetric]) << " radius " << iR;
			}
		}
	}
}

// Every radius below the largest; under the sanitizers a tenth of them, the last one included.
static std::vector<int> smallerRadii()
{
	const int iStep = CV_FOV_MAX_RADIUS / randomCases(CV_FOV_MAX_RADIUS);
	std::vector<int> aRadii;
	for (int iR = 0; iR < CV_FOV_MAX_RADIUS - 1; iR += iStep) aRadii.push_back(iR);
	aRadii.push_back(CV_FOV_MAX_RADIUS - 1);
	return aRadii;
}

TEST(FovPruning, SymmetricTablePrunedAtEverySmallerRadiusEqualsItsNativeTable)
{
	for (int eMetric = 0; eMetric < 3; ++eMetric)
	{
		const CvFovTable& kBig = bigTable(CV_FOV_SYMMETRIC, METRICS[eMetric]);
		ASSERT_EQ(prunedNodes(kBig, CV_FOV_MAX_RADIUS).size(), size_t(kBig.numNodes()));
		for (const int iR : smallerRadii())
		{
			CvFovTable kNative;
			ASSERT_EQ(CV_FOV_OK, kNative.build(iR, CV_FOV_SYMMETRIC, METRICS[eMetric]));
			const std::vector<PrunedNode> aNative = prunedNodes(kNative, iR);
			ASSERT_EQ(size_t(kNative.numNodes()), aNative.size());
			ASSERT_TRUE(aNative == prunedNodes(kBig, iR)) << fovMetricName(METRICS[eMetric]) << " radius " << iR;
		}
	}
}

TEST(FovPruning, SubtreesAndPruneKeysAreConsistent)
{
	for (int eMode = 0; eMode < 2; ++eMode)
	{
		const CvFovTable& kTable = bigTable(MODES[eMode], CV_FOV_EUCLIDEAN);
		for (int i = 0; i < kTable.numNodes(); ++i)
		{
			const CvFovNode& kNode = kTable.node(i);
			ASSERT_GT(kNode.iSkip, i);
			ASSERT_LE(kNode.iSkip, kTable.numNodes());
			const int iOwnKey = cvFovDistanceKey(CV_FOV_EUCLIDEAN, kNode.iDX, kNode.iDY);
			ASSERT_GE(int(kNode.iPruneKey), iOwnKey); // distances grow along every line
			if (kNode.iFlags & CV_FOV_NODE_VISIBLE)
			{
				ASSERT_EQ(int(kNode.iPruneKey), iOwnKey);
			}
			if (i + 1 < kNode.iSkip) // its first child is one step further
			{
				const CvFovNode& kChild = kTable.node(i + 1);
				ASSERT_LE(std::abs(kChild.iDX - kNode.iDX), 1);
				ASSERT_LE(std::abs(kChild.iDY - kNode.iDY), 1);
				ASSERT_GT(cvFovDistanceKey(CV_FOV_EUCLIDEAN, kChild.iDX, kChild.iDY), iOwnKey);
			}
		}
	}
}

// --- against brute force --------------------------------------------------------------------------

TEST(FovReference, BothModesMatchBruteForceOnRandomMapsWithAndWithoutWrap)
{
	std::mt19937 kRng(20261123u);
	int iCompared = 0;
	for (int iMap = 0; iMap < 8; ++iMap)
	{
		const bool bWrapX = (iMap & 1) != 0;
		const bool bWrapY = (iMap & 2) != 0;
		const bool bSmall = (iMap & 4) != 0; // smaller than the square: displacements repeat cells
		const int iW = bSmall ? 7 : 40;
		const int iH = bSmall ? 5 : 33;
		const FovGrid kGrid = randomGrid(iW, iH, bWrapX, bWrapY, 15 + 5 * iMap, kRng);
		for (int iCase = 0; iCase < 12; ++iCase)
		{
			const int iX = int(kRng() % unsigned(iW));
			const int iY = int(kRng() % unsigned(iH));
			const int iR = 1 + int(kRng() % 12u);
			const CvFovMetric eMetric = METRICS[kRng() % 3u];
			const CvFovTable& kSymmetric = fovTable(CV_FOV_SYMMETRIC, eMetric, iR);
			ASSERT_EQ(referenceSymmetric(kGrid, eMetric, iX, iY, iR), computeSet(kSymmetric, kGrid, iX, iY, iR))
				<< "symmetric map " << iMap << " origin " << iX << "," << iY << " radius " << iR;
			ASSERT_EQ(referenceSymmetric(kGrid, eMetric, iX, iY, iR),
				computeSet(bigTable(CV_FOV_SYMMETRIC, eMetric), kGrid, iX, iY, iR));
			const int iTableR = iR + int(kRng() % 5u); // pruned from a larger table too
			const CvFovTable& kPermissive = fovTable(CV_FOV_PERMISSIVE, eMetric, iTableR);
			ASSERT_EQ(
				referencePermissive(kGrid, eMetric, iTableR, iX, iY, iR), computeSet(kPermissive, kGrid, iX, iY, iR))
				<< "permissive map " << iMap << " origin " << iX << "," << iY << " radius " << iR << " of " << iTableR;
			++iCompared;
		}
	}
	EXPECT_EQ(96, iCompared);
}

TEST(FovLineOfSight, AnswersForEveryCellWhatTheSymmetricFieldOfViewAnswers)
{
	std::mt19937 kRng(1103u);
	int iAnswers = 0;
	for (int iMap = 0; iMap < 8; ++iMap)
	{
		const bool bSmall = (iMap & 4) != 0;
		const int iW = bSmall ? 6 : 30;
		const int iH = bSmall ? 5 : 26;
		const FovGrid kGrid = randomGrid(iW, iH, (iMap & 1) != 0, (iMap & 2) != 0, 25, kRng);
		for (int iCase = 0; iCase < 10; ++iCase)
		{
			const int iX = int(kRng() % unsigned(iW));
			const int iY = int(kRng() % unsigned(iH));
			const int iR = int(kRng() % 13u);
			const CvFovMetric eMetric = METRICS[kRng() % 3u];
			const std::set<int> aSeen = computeSet(fovTable(CV_FOV_SYMMETRIC, eMetric, iR), kGrid, iX, iY, iR);
			for (int iToY = 0; iToY < iH; ++iToY)
			{
				for (int iToX = 0; iToX < iW; ++iToX)
				{
					bool bVisible = false;
					ASSERT_EQ(CV_FOV_OK, cvFovLineOfSight(kGrid, eMetric, iX, iY, iToX, iToY, iR, bVisible));
					ASSERT_EQ(aSeen.count(kGrid.plotIndex(iToX, iToY)) == 1, bVisible)
						<< "map " << iMap << " from " << iX << "," << iY << " to " << iToX << "," << iToY << " radius "
						<< iR << " " << fovMetricName(eMetric);
					++iAnswers;
				}
			}
		}
	}
	EXPECT_GT(iAnswers, 30000);
}

TEST(FovLineOfSight, BadInputIsAnErrorAndNotVisible)
{
	const FovGrid kGrid(10, 10);
	bool bVisible = true;
	EXPECT_EQ(CV_FOV_ORIGIN_OFF_MAP, cvFovLineOfSight(kGrid, CV_FOV_EUCLIDEAN, 0, 0, 10, 0, 3, bVisible));
	EXPECT_FALSE(bVisible);
	EXPECT_EQ(CV_FOV_ORIGIN_OFF_MAP, cvFovLineOfSight(kGrid, CV_FOV_EUCLIDEAN, -1, 0, 1, 0, 3, bVisible));
	EXPECT_EQ(CV_FOV_RADIUS_NEGATIVE, cvFovLineOfSight(kGrid, CV_FOV_EUCLIDEAN, 0, 0, 1, 0, -1, bVisible));
	EXPECT_EQ(CV_FOV_RADIUS_TOO_LARGE, cvFovLineOfSight(kGrid, CV_FOV_EUCLIDEAN, 0, 0, 1, 0, 65, bVisible));
	EXPECT_EQ(CV_FOV_BAD_METRIC, cvFovLineOfSight(kGrid, static_cast<CvFovMetric>(3), 0, 0, 1, 0, 2, bVisible));
	EXPECT_EQ(CV_FOV_OK, cvFovLineOfSight(kGrid, CV_FOV_CHEBYSHEV, 0, 0, 9, 0, 8, bVisible));
	EXPECT_FALSE(bVisible); // beyond the radius
	EXPECT_EQ(CV_FOV_OK, cvFovLineOfSight(kGrid, CV_FOV_CHEBYSHEV, 0, 0, 8, 0, 8, bVisible));
	EXPECT_TRUE(bVisible);
}

// --- symmetry ---------------------------------------------------------------------------------------

namespace {
struct OneWayCount
{
	int iPairs = 0;
	int iOneWay = 0;
	double share() const { return iPairs ? double(iOneWay) / iPairs : 0.0; }
};

// Random pairs A, B with B within radius of A on random maps (25% walls, with and without wrap).
OneWayCount countOneWayPairs(CvFovMode eMode, int iRadius, int iNumPairs, unsigned int iSeed)
{
	std::mt19937 kRng(iSeed);
	OneWayCount kCount;
	for (int iMap = 0; iMap < 4; ++iMap)
	{
		const FovGrid kGrid = randomGrid(64, 48, iMap % 2 == 1, iMap >= 2, 25, kRng);
		const CvFovMetric eMetric = METRICS[iMap % 3];
		const CvFovTable& kTable = fovTable(eMode, eMetric, iRadius);
		CvFovVisibleSet kFromA(kGrid.plotCount());
		CvFovVisibleSet kFromB(kGrid.plotCount());
		for (int iPair = 0; iPair < iNumPairs / 4; ++iPair)
		{
			const int iAX = int(kRng() % 64u);
			const int iAY = int(kRng() % 48u);
			int iDX = 0;
			int iDY = 0;
			do {
				iDX = int(kRng() % unsigned(2 * iRadius + 1)) - iRadius;
				iDY = int(kRng() % unsigned(2 * iRadius + 1)) - iRadius;
			} while (!cvFovWithinRadius(eMetric, iDX, iDY, iRadius));
			const int iB = plotAt(kGrid, iAX + iDX, iAY + iDY);
			if (iB < 0)
			{
				--iPair;
				continue;
			}
			const int iBX = iB % 64;
			const int iBY = iB / 64;
			kFromA.begin();
			kFromB.begin();
			EXPECT_EQ(CV_FOV_OK, kTable.compute(kGrid, iAX, iAY, iRadius, kFromA));
			EXPECT_EQ(CV_FOV_OK, kTable.compute(kGrid, iBX, iBY, iRadius, kFromB));
			++kCount.iPairs;
			if (kFromA.contains(iB) != kFromB.contains(kGrid.plotIndex(iAX, iAY)))
			{
				++kCount.iOneWay;
			}
		}
	}
	return kCount;
}
}

TEST(FovSymmetry, StrictModeHasNoOneWayPairsOver12000RandomPairs)
{
	int iPairs = 0;
	const int aiRadii[3] = { 4, 8, 16 };
	for (int i = 0; i < 3; ++i)
	{
		const OneWayCount kCount = countOneWayPairs(CV_FOV_SYMMETRIC, aiRadii[i], 4000, 7u + unsigned(i));
		EXPECT_EQ(0, kCount.iOneWay) << "radius " << aiRadii[i];
		iPairs += kCount.iPairs;
	}
	EXPECT_EQ(12000, iPairs);
	std::printf("[ note ] symmetric: 0 one-way pairs of %d\n", iPairs);
}

TEST(FovSymmetry, PermissiveModeOneWayShareIsMeasured)
{
	int iPairs = 0;
	int iOneWay = 0;
	const int aiRadii[3] = { 4, 8, 16 };
	for (int i = 0; i < 3; ++i)
	{
		const OneWayCount kCount = countOneWayPairs(CV_FOV_PERMISSIVE, aiRadii[i], 4000, 7u + unsigned(i));
		std::printf("[ note ] permissive radius %d: %d one-way pairs of %d (%.2f%%)\n", aiRadii[i], kCount.iOneWay,
			kCount.iPairs, 100.0 * kCount.share());
		iPairs += kCount.iPairs;
		iOneWay += kCount.iOneWay;
	}
	std::printf("[ note ] permissive: %d one-way pairs of %d (%.2f%%)\n", iOneWay, iPairs, 100.0 * iOneWay / iPairs);
	EXPECT_GT(iOneWay, 0); // the article's model is not symmetric
}

TEST(FovSymmetry, BtsRuleOneWayShareIsMeasured)
{
	// Random Civ4 terrain (30% water, 10% hills, 3% peaks, 25% forest), ground units of team 0;
	// B anywhere BTS could show (Chebyshev distance up to range + 1, the outer ring).
	std::mt19937 kRng(3190u);
	PlotGrid kGrid(64, 48, true, false);
	randomizeTerrain(kGrid, kRng, TerrainMix());
	const CvVisionEngine kEngine;
	std::vector<int> aiSeen(CV_VISION_MAX_ENTRIES);
	int iAllPairs = 0;
	int iAllOneWay = 0;
	for (int iRange = 1; iRange <= 3; ++iRange)
	{
		int iPairs = 0;
		int iOneWay = 0;
		for (int iPair = 0; iPair < 4000; ++iPair)
		{
			const CvVisionSource kA(int(kRng() % 64u), int(kRng() % 48u), 0, iRange);
			const int iDX = int(kRng() % unsigned(2 * iRange + 3)) - (iRange + 1);
			const int iDY = int(kRng() % unsigned(2 * iRange + 3)) - (iRange + 1);
			const int iBX = (kA.iX + iDX + 64) % 64;
			const int iBY = kA.iY + iDY;
			if ((iDX == 0 && iDY == 0) || iBY < 0 || iBY >= 48)
			{
				continue;
			}
			const CvVisionSource kB(iBX, iBY, 0, iRange);
			const int iSeenA = kEngine.seenPlots(kGrid, kA, &aiSeen[0]);
			const bool bASeesB = std::count(aiSeen.begin(), aiSeen.begin() + iSeenA, iBY * 64 + iBX) > 0;
			const int iSeenB = kEngine.seenPlots(kGrid, kB, &aiSeen[0]);
			const bool bBSeesA = std::count(aiSeen.begin(), aiSeen.begin() + iSeenB, kA.iY * 64 + kA.iX) > 0;
			++iPairs;
			iOneWay += bASeesB != bBSeesA ? 1 : 0;
		}
		std::printf("[ note ] BTS range %d: %d one-way pairs of %d (%.2f%%)\n", iRange, iOneWay, iPairs,
			100.0 * iOneWay / iPairs);
		iAllPairs += iPairs;
		iAllOneWay += iOneWay;
	}
	std::printf(
		"[ note ] BTS: %d one-way pairs of %d (%.2f%%)\n", iAllOneWay, iAllPairs, 100.0 * iAllOneWay / iAllPairs);
	EXPECT_GT(iAllOneWay, 0); // BTS sight is not symmetric (hills see over forest, the outer ring)
}

// --- walls, wrap, errors --------------------------------------------------------------------------

TEST(FovWalls, AWallIsVisibleAndWhatLiesBehindItIsNot)
{
	for (int eMode = 0; eMode < 2; ++eMode)
	{
		FovGrid kGrid(21, 21);
		for (int iY = 0; iY < 21; ++iY)
		{
			kGrid.setOpaque(13, iY, true); // a wall across the map, 3 east of the origin
		}
		const std::set<int> aSeen = computeSet(bigTable(MODES[eMode], CV_FOV_CHEBYSHEV), kGrid, 10, 10, 8);
		EXPECT_EQ(1u, aSeen.count(kGrid.plotIndex(13, 10))) << fovModeName(MODES[eMode]);
		EXPECT_EQ(1u, aSeen.count(kGrid.plotIndex(12, 10)));
		for (int iY = 2; iY <= 18; ++iY)
		{
			for (int iX = 14; iX <= 18; ++iX)
			{
				EXPECT_EQ(0u, aSeen.count(kGrid.plotIndex(iX, iY))) << iX << "," << iY;
			}
		}
		// West of the origin nothing blocks: the whole square is seen there.
		EXPECT_EQ(1u, aSeen.count(kGrid.plotIndex(2, 2)));
	}
}

TEST(FovWalls, AnObserverInsideAWallStillSeesOutOfIt)
{
	FovGrid kGrid(9, 9);
	kGrid.setOpaque(4, 4, true);
	const std::set<int> aSeen = computeSet(bigTable(CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN), kGrid, 4, 4, 3);
	EXPECT_EQ(37u, aSeen.size()); // the disc dx*dx + dy*dy <= 12 (radius 3): 7 + 2*7 + 2*5 + 2*3 cells
}

TEST(FovWrap, SightCrossesTheSeamOnlyOnAWrappingAxis)
{
	for (int iWrap = 0; iWrap < 4; ++iWrap)
	{
		const bool bWrapX = (iWrap & 1) != 0;
		const bool bWrapY = (iWrap & 2) != 0;
		const FovGrid kGrid(30, 20, bWrapX, bWrapY);
		const std::set<int> aSeen = computeSet(bigTable(CV_FOV_SYMMETRIC, CV_FOV_CHEBYSHEV), kGrid, 0, 0, 3);
		EXPECT_EQ(bWrapX, aSeen.count(kGrid.plotIndex(27, 0)) == 1);
		EXPECT_EQ(bWrapY, aSeen.count(kGrid.plotIndex(0, 17)) == 1);
		EXPECT_EQ(bWrapX && bWrapY, aSeen.count(kGrid.plotIndex(27, 17)) == 1);
		EXPECT_EQ(size_t((bWrapX ? 7 : 4) * (bWrapY ? 7 : 4)), aSeen.size());
	}
}

TEST(FovWrap, AWallAcrossTheSeamBlocks)
{
	FovGrid kGrid(30, 20, true, false);
	kGrid.setOpaque(29, 10, true);
	const std::set<int> aSeen = computeSet(bigTable(CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN), kGrid, 1, 10, 6);
	EXPECT_EQ(1u, aSeen.count(kGrid.plotIndex(29, 10)));
	EXPECT_EQ(0u, aSeen.count(kGrid.plotIndex(28, 10)));
	EXPECT_EQ(0u, aSeen.count(kGrid.plotIndex(27, 10)));
}

TEST(FovWrap, ASmallWrappingMapListsEachCellOnce)
{
	for (int eMode = 0; eMode < 2; ++eMode)
	{
		const FovGrid kGrid(5, 3, true, true);
		const std::set<int> aSeen = computeSet(bigTable(MODES[eMode], CV_FOV_EUCLIDEAN), kGrid, 2, 1, 20);
		EXPECT_EQ(15u, aSeen.size()); // every cell, once (computeSet fails on a repeat)
	}
}

TEST(FovErrors, BadInputIsAnErrorAndVisitsNothing)
{
	struct CountingVisitor
	{
		int iCount = 0;
		void visible(int, int, int) { ++iCount; }
	} kVisitor;
	const FovGrid kGrid(10, 10);
	CvFovTable kTable;
	EXPECT_EQ(CV_FOV_NOT_BUILT, kTable.compute(kGrid, 1, 1, 1, kVisitor));
	EXPECT_EQ(CV_FOV_RADIUS_TOO_LARGE, kTable.build(CV_FOV_MAX_RADIUS + 1, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN));
	EXPECT_EQ(CV_FOV_RADIUS_NEGATIVE, kTable.build(-1, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN));
	EXPECT_EQ(CV_FOV_BAD_MODE, kTable.build(4, static_cast<CvFovMode>(7), CV_FOV_EUCLIDEAN));
	EXPECT_EQ(CV_FOV_BAD_METRIC, kTable.build(4, CV_FOV_SYMMETRIC, static_cast<CvFovMetric>(-1)));
	EXPECT_FALSE(kTable.isBuilt());
	ASSERT_EQ(CV_FOV_OK, kTable.build(4, CV_FOV_SYMMETRIC, CV_FOV_EUCLIDEAN));
	EXPECT_EQ(CV_FOV_RADIUS_TOO_LARGE, kTable.compute(kGrid, 1, 1, 5, kVisitor));
	EXPECT_EQ(CV_FOV_RADIUS_NEGATIVE, kTable.compute(kGrid, 1, 1, -1, kVisitor));
	EXPECT_EQ(CV_FOV_ORIGIN_OFF_MAP, kTable.compute(kGrid, 10, 1, 2, kVisitor));
	EXPECT_EQ(CV_FOV_ORIGIN_OFF_MAP, kTable.compute(kGrid, 1, -1, 2, kVisitor));
	EXPECT_EQ(CV_FOV_BAD_MAP_SIZE, kTable.validate(0, 5, 0, 0, 1));
	EXPECT_EQ(0, kVisitor.iCount);
	EXPECT_STRNE("ok", cvFovResultText(CV_FOV_ORIGIN_OFF_MAP));
	EXPECT_EQ(CV_FOV_OK, kTable.compute(kGrid, 0, 0, 0, kVisitor));
	EXPECT_EQ(1, kVisitor.iCount); // radius 0: the origin alone
}

TEST(FovVisibleSet, BeginEmptiesTheSetWithoutClearing)
{
	CvFovVisibleSet kSet(8);
	kSet.visible(3);
	kSet.visible(3);
	kSet.visible(5);
	EXPECT_EQ(2, kSet.size());
	EXPECT_TRUE(kSet.contains(5));
	kSet.begin();
	EXPECT_EQ(0, kSet.size());
	EXPECT_FALSE(kSet.contains(5));
	kSet.visible(5);
	EXPECT_TRUE(kSet.contains(5));
	EXPECT_EQ(5, kSet.plot(0));
}

TEST(FovTable, SizesArePrinted)
{
	for (int eMode = 0; eMode < 2; ++eMode)
	{
		for (int eMetric = 0; eMetric < 3; ++eMetric)
		{
			const CvFovTable& kTable = bigTable(MODES[eMode], METRICS[eMetric]);
			std::printf("[ note ] %s %s radius %d: %d nodes, %d bytes\n", fovModeName(MODES[eMode]),
				fovMetricName(METRICS[eMetric]), kTable.maxRadius(), kTable.numNodes(),
				kTable.numNodes() * int(sizeof(CvFovNode)));
			EXPECT_GT(kTable.numNodes(), 0);
		}
	}
}
