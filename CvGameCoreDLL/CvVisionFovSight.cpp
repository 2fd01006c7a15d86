// CvVision: the parts of the PCVT sight models that are not templates: the shared tables and
// their pruned rings. See CvVisionFovSight.h.

#include "CvVisionFovSight.h"

namespace
{
	// The shared tables' radius is one CvFovTable::build takes (a compile error otherwise).
	typedef char FovTablesHoldTheLargestRing[(CV_VISION_MAX_RING <= CV_FOV_MAX_RADIUS) ? 1 : -1];
}

const CvFovTable& cvVisionFovTable(int eSightModel)
{
	// Built once, on first use (the game runs its vision on one thread).
	static CvFovTable kPermissive;
	static CvFovTable kSymmetric;
	CvFovTable& kTable = (eSightModel == CV_VISION_SIGHT_SYMMETRIC) ? kSymmetric : kPermissive;
	if (!kTable.isBuilt())
	{
		// CV_FOV_OK: a mode and a metric of the enums, a radius the build takes (checked above).
		cvVisionDropResult(kTable.build(CV_VISION_MAX_RING,
			(eSightModel == CV_VISION_SIGHT_SYMMETRIC) ? CV_FOV_SYMMETRIC : CV_FOV_PERMISSIVE, CV_FOV_CHEBYSHEV));
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
		kOut.iCell = static_cast<unsigned short>((kNode.iDX + iRing) * iSide + kNode.iDY + iRing);
		kOut.iSkip = aiKeptBefore[kNode.iSkip];
		m_aNodes.push_back(kOut);
	}
	m_iRing = iRing;
}

const int* CvVisionFovRing::offsets(int iWidth) const
{
	if (iWidth != m_iOffsetWidth)
	{
		m_aiOffset.resize(m_aNodes.size());
		for (size_t i = 0; i < m_aNodes.size(); ++i)
		{
			m_aiOffset[i] = m_aNodes[i].iDY * iWidth + m_aNodes[i].iDX;
		}
		m_iOffsetWidth = iWidth;
	}
	return m_aiOffset.empty() ? 0 : &m_aiOffset[0];
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
