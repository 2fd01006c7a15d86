// CvVision: the parts of the engine that are not templates. See CvVisionEngine.h.

#include "CvVisionEngine.h"

const char* cvVisionResultText(CvVisionResult eResult)
{
	switch (eResult)
	{
	case CV_VISION_OK:
		return "ok";
	case CV_VISION_RANGE_NEGATIVE:
		return "sight range is negative";
	case CV_VISION_RANGE_TOO_LARGE:
		return "sight range is above CV_VISION_MAX_RANGE (32)";
	case CV_VISION_ORIGIN_OFF_MAP:
		return "sight origin is not a plot of the map";
	case CV_VISION_BAD_FACING:
		return "facing direction is not NO_DIRECTION or 0..7";
	case CV_VISION_BAD_INVISIBLE_LIST:
		return "see-invisible list has a negative size or no storage";
	}
	return "unknown CvVision result";
}

int CvVisionEngine::aerialPass(const Axes& kAxes, int iRange, int* paiPlots) const
{
	int iCount = 0;
	const int iEnd = CvVisionTables::entriesUpToRing(iRange);
	for (int i = 0; i < iEnd; ++i)
	{
		const int iPlot = kAxes.plotAt(m_kTables.entry(i));
		if (iPlot >= 0)
		{
			paiPlots[iCount++] = iPlot;
		}
	}
	return iCount;
}

const CvFovTable& cvVisionFovTable(int eSightModel)
{
	// Built once, on first use (the game runs its vision on one thread).
	static CvFovTable kPermissive;
	static CvFovTable kSymmetric;
	CvFovTable& kTable = (eSightModel == CV_VISION_SIGHT_SYMMETRIC) ? kSymmetric : kPermissive;
	if (!kTable.isBuilt())
	{
		kTable.build(CV_VISION_MAX_RING,
			(eSightModel == CV_VISION_SIGHT_SYMMETRIC) ? CV_FOV_SYMMETRIC : CV_FOV_PERMISSIVE, CV_FOV_CHEBYSHEV);
	}
	return kTable;
}

void CvVisionFovRing::build(const CvFovTable& kTable, int iRing)
{
	// Kept: the nodes whose prune key (the least distance of a visible node in their subtree) is
	// within the ring; an ancestor's key is never larger, so the kept nodes are closed upwards.
	const int iNumNodes = kTable.numNodes();
	std::vector<int> aiKeptBefore(iNumNodes + 1, 0);
	for (int i = 0; i < iNumNodes; ++i)
	{
		aiKeptBefore[i + 1] = aiKeptBefore[i] + ((int)kTable.node(i).iPruneKey <= iRing ? 1 : 0);
	}
	m_aNodes.clear();
	m_aNodes.reserve(aiKeptBefore[iNumNodes]);
	const int iSide = 2 * iRing + 1;
	for (int i = 0; i < iNumNodes; ++i)
	{
		const CvFovNode& kNode = kTable.node(i);
		if ((int)kNode.iPruneKey > iRing)
		{
			continue;
		}
		const int iAbsX = kNode.iDX < 0 ? -kNode.iDX : kNode.iDX;
		const int iAbsY = kNode.iDY < 0 ? -kNode.iDY : kNode.iDY;
		CvVisionFovNode kOut;
		kOut.iDX = kNode.iDX;
		kOut.iDY = kNode.iDY;
		kOut.iDepth = static_cast<unsigned char>(iAbsX > iAbsY ? iAbsX : iAbsY);
		kOut.bVisible = static_cast<unsigned char>((kNode.iFlags & CV_FOV_NODE_VISIBLE) ? 1 : 0);
		kOut.iCell = static_cast<unsigned short>((kNode.iDY + iRing) * iSide + kNode.iDX + iRing);
		kOut.iSkip = aiKeptBefore[kNode.iSkip];
		m_aNodes.push_back(kOut);
	}
	m_iRing = iRing;
}

const CvVisionFovRing& cvVisionFovRing(int eSightModel, int iRing)
{
	// Built once per model and ring, on first use (the game runs its vision on one thread).
	static CvVisionFovRing aaRings[2][CV_VISION_MAX_RING + 1];
	CvVisionFovRing& kRing = aaRings[eSightModel == CV_VISION_SIGHT_SYMMETRIC ? 1 : 0][iRing];
	if (!kRing.isBuilt())
	{
		kRing.build(cvVisionFovTable(eSightModel), iRing);
	}
	return kRing;
}
