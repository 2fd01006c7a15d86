// A plain textbook A*, the pathfinder's reference and its benchmark rival: a binary heap of
// values (std::priority_queue with lazy deletion), the heuristic recomputed whenever it is
// needed, a hash set for the closed list, hash maps for costs and parents, and the step cost
// asked of the cost function every time. Same moves, same cost, same heuristic as CvPathfinder,
// so both find the same cost; it picks the first of equal-cost paths.
#pragma once

#include "CvPathfinder.h"

#include <queue>
#include <unordered_map>
#include <unordered_set>
#include <vector>

struct TextbookPath
{
	bool bFound = false;
	int iCost = 0;
	std::vector<int> aiPlots;
};

template <class View>
TextbookPath textbookAStar(const View& kView, const CvPathCost& kCost, int iFrom, int iTo)
{
	const int iWidth = kView.getGridWidth();
	const int iHeight = kView.getGridHeight();
	auto heuristic = [&](int iPlot) {
		return kCost.cheapestStep()
			* CvPathfinder::distance(iPlot % iWidth, iPlot / iWidth, iTo % iWidth, iTo / iWidth, iWidth, iHeight,
				kView.isWrapX(), kView.isWrapY());
	};
	auto stepCost = [&](int iA, int iB) {
		const CvPathEnter kTo = kCost.enter(kView.plot(iB));
		return kTo.iRegular < 0 ? -1 : CvPathCost::step(kCost.enter(kView.plot(iA)), kTo);
	};
	struct Entry
	{
		int iF;
		int iG;
		int iPlot;
		bool operator<(const Entry& k) const { return iF != k.iF ? iF > k.iF : iG > k.iG; }
	};
	std::priority_queue<Entry> kOpen;
	std::unordered_set<int> kClosed;
	std::unordered_map<int, int> kG;
	std::unordered_map<int, int> kParent;
	kG[iFrom] = 0;
	kOpen.push({ heuristic(iFrom), 0, iFrom });
	while (!kOpen.empty())
	{
		const Entry kTop = kOpen.top();
		kOpen.pop();
		if (kClosed.count(kTop.iPlot) || kTop.iG != kG[kTop.iPlot])
		{
			continue; // a stale entry
		}
		kClosed.insert(kTop.iPlot);
		if (kTop.iPlot == iTo)
		{
			TextbookPath kPath;
			kPath.bFound = true;
			kPath.iCost = kTop.iG;
			for (int iPlot = iTo;; iPlot = kParent[iPlot])
			{
				kPath.aiPlots.insert(kPath.aiPlots.begin(), iPlot);
				if (iPlot == iFrom)
				{
					break;
				}
			}
			return kPath;
		}
		const int iX = kTop.iPlot % iWidth;
		const int iY = kTop.iPlot / iWidth;
		for (int iDY = -1; iDY <= 1; ++iDY)
		{
			for (int iDX = -1; iDX <= 1; ++iDX)
			{
				int iNX = iX + iDX;
				int iNY = iY + iDY;
				if ((iDX == 0 && iDY == 0) || (!kView.isWrapX() && (iNX < 0 || iNX >= iWidth))
					|| (!kView.isWrapY() && (iNY < 0 || iNY >= iHeight)))
				{
					continue;
				}
				iNX = (iNX + iWidth) % iWidth;
				iNY = (iNY + iHeight) % iHeight;
				const int iNext = iNY * iWidth + iNX;
				if (kClosed.count(iNext))
				{
					continue;
				}
				const int iStep = stepCost(kTop.iPlot, iNext);
				if (iStep < 0)
				{
					continue;
				}
				const int iG = kTop.iG + iStep;
				const auto it = kG.find(iNext);
				if (it == kG.end() || iG < it->second)
				{
					kG[iNext] = iG;
					kParent[iNext] = kTop.iPlot;
					kOpen.push({ iG + heuristic(iNext), iG, iNext });
				}
			}
		}
	}
	return TextbookPath();
}
