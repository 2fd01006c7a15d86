// See PathPicture.h.
#include "analysis/PathPicture.h"

#include "render/Render.h"
#include "support/OutputFile.h"

#include <sstream>

namespace cvv {

namespace {
// What one side of the picture shows of a plot.
enum class Shown {
	Unknown, // the team never saw it (knowledge side only)
	Fogged, // seen before: remembered
	Visible // seen now, or the truth
};

struct SideView
{
	const VisionWorld& kWorld;
	const CvVisionRules& kRules;
	int eTeam;
	bool bKnowledge;

	Shown shown(int iPlot) const
	{
		if (!bKnowledge)
		{
			return Shown::Visible;
		}
		const VisionWorldPlots kPlots(kWorld);
		if (kPlots.isVisibleTo(iPlot, eTeam))
		{
			return Shown::Visible;
		}
		return kPlots.isRevealedTo(iPlot, eTeam) ? Shown::Fogged : Shown::Unknown;
	}

	CvPathPlot plot(int iPlot) const
	{
		const VisionWorldPlots kPlots(kWorld);
		return bKnowledge ? CvKnowledgeView<VisionWorldPlots>(kPlots, eTeam).plot(iPlot) : kPlots.truePlot(iPlot);
	}

	bool isForest(const CvPathPlot& kPlot) const
	{
		if (kPlot.eFeature < 0)
		{
			return false;
		}
		const std::string& sType = kRules.aFeatures.at(kPlot.eFeature).szType;
		return sType == "FEATURE_FOREST" || sType == "FEATURE_JUNGLE";
	}

	char symbol(int iPlot) const
	{
		if (shown(iPlot) == Shown::Unknown)
		{
			return '?';
		}
		const CvPathPlot kPlot = plot(iPlot);
		if (kPlot.eRoute >= 0)
		{
			return '=';
		}
		switch (kPlot.eKind)
		{
		case CV_VISION_PLOT_OCEAN: return '~';
		case CV_VISION_PLOT_PEAK: return '^';
		case CV_VISION_PLOT_HILLS: return isForest(kPlot) ? 'f' : 'h';
		default: return isForest(kPlot) ? 'f' : '.';
		}
	}
};

// Per plot: 0 not on the path, 1 on it, 2 the start, 3 the goal, 4 the end short of the goal.
std::vector<int> pathMarks(int iPlots, const CvPathResult& kResult, int iFrom, int iTo)
{
	std::vector<int> aiMarks(iPlots, 0);
	for (const int iPlot : kResult.aiPlots)
	{
		aiMarks[iPlot] = 1;
	}
	if (!kResult.aiPlots.empty() && kResult.aiPlots.back() != iTo)
	{
		aiMarks[kResult.aiPlots.back()] = 4;
	}
	aiMarks[iTo] = 3;
	aiMarks[iFrom] = 2;
	return aiMarks;
}

std::string describe(
	const char* szSide, const CvPathResult& kResult, const CvVisionRules& kRules, const VisionWorld& kWorld)
{
	const int iWidth = kWorld.state().iWidth;
	std::ostringstream kOut;
	kOut << szSide << ": " << pathStatusText(kResult) << ", cost " << kResult.iCost << " ("
		 << kResult.iCost / kRules.iMoveDenominator;
	if (kResult.iCost % kRules.iMoveDenominator != 0)
	{
		kOut << " " << kResult.iCost % kRules.iMoveDenominator << "/" << kRules.iMoveDenominator;
	}
	kOut << " moves), " << kResult.aiPlots.size() << " plots:";
	for (const int iPlot : kResult.aiPlots)
	{
		kOut << " " << iPlot % iWidth << "," << iPlot / iWidth;
	}
	return kOut.str();
}

struct Rgb
{
	unsigned char r, g, b;
};

Rgb groundColour(const SideView& kSide, int iPlot)
{
	const CvPathPlot kPlot = kSide.plot(iPlot);
	Rgb k{ 110, 170, 80 }; // flat land
	switch (kPlot.eKind)
	{
	case CV_VISION_PLOT_OCEAN: k = { 50, 90, 170 }; break;
	case CV_VISION_PLOT_PEAK: k = { 150, 150, 150 }; break;
	case CV_VISION_PLOT_HILLS: k = { 150, 130, 80 }; break;
	default: break;
	}
	if (kSide.isForest(kPlot))
	{
		k = { static_cast<unsigned char>(k.r / 2), static_cast<unsigned char>(k.g * 3 / 4),
			static_cast<unsigned char>(k.b / 2) };
	}
	return k;
}

void paintSide(std::vector<unsigned char>& aRgb, int iImageWidth, int iLeft, const SideView& kSide,
	const std::vector<int>& aiMarks)
{
	const int iCell = RENDER_PNG_CELL_PIXELS;
	const int iWidth = kSide.kWorld.state().iWidth;
	const int iHeight = kSide.kWorld.state().iHeight;
	auto put = [&](int iX, int iY, Rgb k) {
		unsigned char* p = &aRgb[(static_cast<size_t>(iY) * iImageWidth + iX) * 3];
		p[0] = k.r;
		p[1] = k.g;
		p[2] = k.b;
	};
	for (int iPlot = 0; iPlot < iWidth * iHeight; ++iPlot)
	{
		const int iPX = iLeft + (iPlot % iWidth) * iCell;
		const int iPY = (iHeight - 1 - iPlot / iWidth) * iCell; // north row on top
		const Shown eShown = kSide.shown(iPlot);
		Rgb kGround = eShown == Shown::Unknown ? Rgb{ 0, 0, 0 } : groundColour(kSide, iPlot);
		if (eShown == Shown::Fogged)
		{
			kGround = { static_cast<unsigned char>(kGround.r / 2), static_cast<unsigned char>(kGround.g / 2),
				static_cast<unsigned char>(kGround.b / 2) };
		}
		const bool bRoute = eShown != Shown::Unknown && kSide.plot(iPlot).eRoute >= 0;
		static const Rgb aMarks[5] = { {}, { 250, 220, 40 }, { 255, 255, 255 }, { 230, 40, 40 }, { 250, 140, 20 } };
		for (int iY = 0; iY < iCell; ++iY)
		{
			for (int iX = 0; iX < iCell; ++iX)
			{
				Rgb k = kGround;
				const bool bCentre = iX >= 2 && iX < 6 && iY >= 2 && iY < 6;
				if (bRoute && (iY == 3 || iY == 4))
				{
					k = { 120, 80, 40 }; // a road across the plot
				}
				if (aiMarks[iPlot] != 0 && bCentre)
				{
					k = aMarks[aiMarks[iPlot]];
				}
				put(iPX + iX, iPY + iY, k);
			}
		}
	}
}
}

std::string renderPaths(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo)
{
	const int iFrom = pathPlotIndex(kWorld, kFrom, "--from");
	const int iTo = pathPlotIndex(kWorld, kTo, "--to");
	const int iWidth = kWorld.state().iWidth;
	const int iHeight = kWorld.state().iHeight;
	const SideView kKnown{ kWorld, kRules, kMover.eTeam, true };
	const SideView kTrue{ kWorld, kRules, kMover.eTeam, false };
	const std::vector<int> aiKnownMarks = pathMarks(iWidth * iHeight, kAnswer.kKnowledge, iFrom, iTo);
	const std::vector<int> aiTrueMarks = pathMarks(iWidth * iHeight, kAnswer.kTruth, iFrom, iTo);
	static const char acMarks[5] = { 0, '*', 'S', 'G', 'o' };
	auto row = [&](const SideView& kSide, const std::vector<int>& aiMarks, int iY) {
		std::string sRow;
		for (int iX = 0; iX < iWidth; ++iX)
		{
			const int iPlot = iY * iWidth + iX;
			sRow += aiMarks[iPlot] ? acMarks[aiMarks[iPlot]] : kSide.symbol(iPlot);
		}
		return sRow;
	};
	std::ostringstream kOut;
	const std::string sKnownTitle = "team " + std::to_string(kMover.eTeam) + " knows";
	kOut << sKnownTitle << std::string(iWidth + 3 - std::min<int>(iWidth + 3, sKnownTitle.size()), ' ') << "   truth\n";
	const std::string sFrame = "+" + std::string(iWidth, '-') + "+";
	kOut << sFrame << "   " << sFrame << "\n";
	for (int iY = iHeight - 1; iY >= 0; --iY)
	{
		kOut << "|" << row(kKnown, aiKnownMarks, iY) << "|   |" << row(kTrue, aiTrueMarks, iY) << "|\n";
	}
	kOut << sFrame << "   " << sFrame << "\n";
	kOut << "S start  G goal  * path  o end short of the goal  = route  ~ water  ^ peak  h hills  f forest  . flat"
		 << "  ? never seen\n";
	kOut << describe("knowledge", kAnswer.kKnowledge, kRules, kWorld) << "\n";
	kOut << describe("truth    ", kAnswer.kTruth, kRules, kWorld) << "\n";
	return kOut.str();
}

void writePathsPng(const std::string& sPath, const VisionWorld& kWorld, const CvVisionRules& kRules,
	const PathMover& kMover, const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo)
{
	const std::string sBytes = pathsPngBytes(kWorld, kRules, kMover, kAnswer, kFrom, kTo);
	writeOutputs({ OutputFile{ sPath, sBytes, "the PNG" } });
}

std::string pathsPngBytes(const VisionWorld& kWorld, const CvVisionRules& kRules, const PathMover& kMover,
	const PathAnswer& kAnswer, std::pair<int, int> kFrom, std::pair<int, int> kTo)
{
	const int iFrom = pathPlotIndex(kWorld, kFrom, "--from");
	const int iTo = pathPlotIndex(kWorld, kTo, "--to");
	const int iWidth = kWorld.state().iWidth;
	const int iHeight = kWorld.state().iHeight;
	const int iCell = RENDER_PNG_CELL_PIXELS;
	const int iGap = iCell;
	const int iImageWidth = 2 * iWidth * iCell + iGap;
	const int iImageHeight = iHeight * iCell;
	std::vector<unsigned char> aRgb(static_cast<size_t>(iImageWidth) * iImageHeight * 3, 255);
	paintSide(aRgb, iImageWidth, 0, SideView{ kWorld, kRules, kMover.eTeam, true },
		pathMarks(iWidth * iHeight, kAnswer.kKnowledge, iFrom, iTo));
	paintSide(aRgb, iImageWidth, iWidth * iCell + iGap, SideView{ kWorld, kRules, kMover.eTeam, false },
		pathMarks(iWidth * iHeight, kAnswer.kTruth, iFrom, iTo));
	return pngOfRgb(iImageWidth, iImageHeight, aRgb);
}

} // namespace cvv
