// CvFov: building the visibility tries (see CvFov.h). Plain C++03: compiled into the game's DLL.
#include "CvFov.h"

namespace
{
	int absOf(int iValue) { return iValue < 0 ? -iValue : iValue; }
	int signOf(int iValue) { return iValue < 0 ? -1 : 1; }

	// Direction of one step (each coordinate changes by -1, 0 or 1), as an index 0..8.
	int stepIndex(int iStepX, int iStepY) { return (iStepY + 1) * 3 + (iStepX + 1); }

	// A trie node while the table is built.
	struct CvFovBuildNode
	{
		int iDX;
		int iDY;
		int iKey;
		bool bVisible;
		int aiChild[9]; // by stepIndex; -1 when none

		CvFovBuildNode(int iDXIn, int iDYIn, int iKeyIn)
			: iDX(iDXIn), iDY(iDYIn), iKey(iKeyIn), bVisible(false)
		{
			for (int i = 0; i < 9; ++i)
			{
				aiChild[i] = -1;
			}
		}
	};

	class CvFovTrieBuilder
	{
	public:
		explicit CvFovTrieBuilder(CvFovMetric eMetric) : m_eMetric(eMetric)
		{
			m_aNodes.push_back(CvFovBuildNode(0, 0, 0)); // the origin
		}

		// Adds the cells of a line (origin first) up to the last one within iKeyLimit. Marks
		// every cell visible (bAllVisible) or only the line's last cell (its target).
		void addLine(const int* paiX, const int* paiY, int iNumCells, int iKeyLimit, bool bAllVisible)
		{
			int iNode = 0;
			for (int i = 1; i < iNumCells; ++i)
			{
				const int iKey = cvFovDistanceKey(m_eMetric, paiX[i], paiY[i]);
				if (iKey > iKeyLimit)
				{
					break;
				}
				iNode = childOf(iNode, paiX[i], paiY[i], iKey);
				if (bAllVisible || i == iNumCells - 1)
				{
					m_aNodes[iNode].bVisible = true;
				}
			}
		}

		// The origin's subtrees in pre-order, with skip indices and prune keys.
		void flatten(std::vector<CvFovNode>& aOut) const
		{
			aOut.clear();
			aOut.reserve(m_aNodes.size() - 1);
			for (int iStep = 0; iStep < 9; ++iStep)
			{
				if (m_aNodes[0].aiChild[iStep] >= 0)
				{
					emit(m_aNodes[0].aiChild[iStep], aOut);
				}
			}
		}

	private:
		int childOf(int iParent, int iDX, int iDY, int iKey)
		{
			const int iStep = stepIndex(iDX - m_aNodes[iParent].iDX, iDY - m_aNodes[iParent].iDY);
			int iChild = m_aNodes[iParent].aiChild[iStep];
			if (iChild < 0)
			{
				iChild = (int)m_aNodes.size();
				m_aNodes.push_back(CvFovBuildNode(iDX, iDY, iKey));
				m_aNodes[iParent].aiChild[iStep] = iChild;
			}
			return iChild;
		}

		// Writes a subtree (depth at most CV_FOV_MAX_RADIUS) and returns its least visible key.
		int emit(int iNode, std::vector<CvFovNode>& aOut) const
		{
			const CvFovBuildNode& kNode = m_aNodes[iNode];
			const int iIndex = (int)aOut.size();
			CvFovNode kOut;
			kOut.iDX = (short)kNode.iDX;
			kOut.iDY = (short)kNode.iDY;
			kOut.iFlags = (unsigned short)(kNode.bVisible ? CV_FOV_NODE_VISIBLE : 0);
			kOut.iPruneKey = 0;
			kOut.iSkip = 0;
			aOut.push_back(kOut);
			int iLeast = kNode.bVisible ? kNode.iKey : 0xFFFF;
			for (int iStep = 0; iStep < 9; ++iStep)
			{
				if (kNode.aiChild[iStep] >= 0)
				{
					const int iChildLeast = emit(kNode.aiChild[iStep], aOut);
					iLeast = iChildLeast < iLeast ? iChildLeast : iLeast;
				}
			}
			aOut[iIndex].iPruneKey = (unsigned short)iLeast;
			aOut[iIndex].iSkip = (int)aOut.size();
			return iLeast;
		}

		CvFovMetric m_eMetric;
		std::vector<CvFovBuildNode> m_aNodes;
	};

	// The minor coordinate of step iStep of the line of major length iMajor and minor length
	// iMinor (both >= 0, iMinor <= iMajor), rounded as cvFovLine documents.
	int roundedMinor(int iStep, int iMajor, int iMinor, int iVariant)
	{
		const int iProduct = iMinor * iStep;
		const int iWhole = iProduct / iMajor;
		const int iTwiceRest = 2 * (iProduct % iMajor);
		if (iTwiceRest < iMajor)
		{
			return iWhole;
		}
		if (iTwiceRest > iMajor)
		{
			return iWhole + 1;
		}
		if (2 * iStep < iMajor)
		{
			return iWhole; // tie in the first half: toward the origin's row
		}
		if (2 * iStep > iMajor)
		{
			return iWhole + 1; // tie in the second half: toward the target's row
		}
		return iWhole + (iVariant != 0 ? 1 : 0); // tie at the midpoint
	}

	void addPermissiveRays(CvFovTrieBuilder& kBuilder, int iMaxRadius, int iKeyLimit)
	{
		int aiX[2 * CV_FOV_MAX_RADIUS + 1];
		int aiY[2 * CV_FOV_MAX_RADIUS + 1];
		const int iR = iMaxRadius;
		// Every cell of the border of the square of side 2R + 1, once.
		for (int i = -iR; i < iR; ++i)
		{
			const int aiBorderX[4] = { i, iR, -i, -iR };
			const int aiBorderY[4] = { -iR, i, iR, -i };
			for (int iSide = 0; iSide < 4; ++iSide)
			{
				const int iNumCells = cvFovLine(aiBorderX[iSide], aiBorderY[iSide], 0, aiX, aiY);
				kBuilder.addLine(aiX, aiY, iNumCells, iKeyLimit, true);
			}
		}
	}

	void addSymmetricLines(CvFovTrieBuilder& kBuilder, CvFovMetric eMetric, int iMaxRadius, int iKeyLimit)
	{
		int aiX[2 * CV_FOV_MAX_RADIUS + 1];
		int aiY[2 * CV_FOV_MAX_RADIUS + 1];
		for (int iDY = -iMaxRadius; iDY <= iMaxRadius; ++iDY)
		{
			for (int iDX = -iMaxRadius; iDX <= iMaxRadius; ++iDX)
			{
				if ((iDX == 0 && iDY == 0) || cvFovDistanceKey(eMetric, iDX, iDY) > iKeyLimit)
				{
					continue;
				}
				const int iNumVariants = cvFovLineHasMidpointTie(iDX, iDY) ? 2 : 1;
				for (int iVariant = 0; iVariant < iNumVariants; ++iVariant)
				{
					const int iNumCells = cvFovLine(iDX, iDY, iVariant, aiX, aiY);
					kBuilder.addLine(aiX, aiY, iNumCells, iKeyLimit, false);
				}
			}
		}
	}

}

const char* cvFovResultText(CvFovResult eResult)
{
	switch (eResult)
	{
	case CV_FOV_OK: return "ok";
	case CV_FOV_NOT_BUILT: return "the field-of-view table has not been built";
	case CV_FOV_BAD_MODE: return "unknown field-of-view mode (permissive or symmetric)";
	case CV_FOV_BAD_METRIC: return "unknown field-of-view metric (euclidean, chebyshev or manhattan)";
	case CV_FOV_RADIUS_NEGATIVE: return "the radius is negative";
	case CV_FOV_RADIUS_TOO_LARGE: return "the radius is larger than the table's largest radius (at most 64)";
	case CV_FOV_BAD_MAP_SIZE: return "the map's width and height must be positive";
	case CV_FOV_ORIGIN_OFF_MAP: return "the origin is off the map";
	}
	return "unknown field-of-view result";
}

int cvFovDistanceKey(CvFovMetric eMetric, int iDX, int iDY)
{
	const int iAX = absOf(iDX);
	const int iAY = absOf(iDY);
	switch (eMetric)
	{
	case CV_FOV_CHEBYSHEV: return iAX > iAY ? iAX : iAY;
	case CV_FOV_MANHATTAN: return iAX + iAY;
	default: return iAX * iAX + iAY * iAY;
	}
}

int cvFovKeyLimit(CvFovMetric eMetric, int iRadius)
{
	return eMetric == CV_FOV_EUCLIDEAN ? iRadius * iRadius + iRadius : iRadius;
}

bool cvFovLineHasMidpointTie(int iDX, int iDY)
{
	const int iAX = absOf(iDX);
	const int iAY = absOf(iDY);
	const int iMajor = iAX >= iAY ? iAX : iAY;
	const int iMinor = iAX >= iAY ? iAY : iAX;
	return iMajor % 2 == 0 && iMinor % 2 == 1;
}

int cvFovLine(int iDX, int iDY, int iVariant, int* paiX, int* paiY)
{
	const int iAX = absOf(iDX);
	const int iAY = absOf(iDY);
	const bool bMajorX = iAX >= iAY;
	const int iMajor = bMajorX ? iAX : iAY;
	const int iMinor = bMajorX ? iAY : iAX;
	paiX[0] = 0;
	paiY[0] = 0;
	for (int iStep = 1; iStep <= iMajor; ++iStep)
	{
		const int iMinorAt = roundedMinor(iStep, iMajor, iMinor, iVariant);
		paiX[iStep] = signOf(iDX) * (bMajorX ? iStep : iMinorAt);
		paiY[iStep] = signOf(iDY) * (bMajorX ? iMinorAt : iStep);
	}
	return iMajor + 1;
}

// --- CvFovTable ---------------------------------------------------------------------------------

CvFovTable::CvFovTable() : m_iMaxRadius(-1), m_eMode(CV_FOV_SYMMETRIC), m_eMetric(CV_FOV_EUCLIDEAN)
{
}

CvFovResult CvFovTable::build(int iMaxRadius, CvFovMode eMode, CvFovMetric eMetric)
{
	if (eMode < 0 || eMode >= NUM_CV_FOV_MODES)
	{
		return CV_FOV_BAD_MODE;
	}
	if (eMetric < 0 || eMetric >= NUM_CV_FOV_METRICS)
	{
		return CV_FOV_BAD_METRIC;
	}
	if (iMaxRadius < 0)
	{
		return CV_FOV_RADIUS_NEGATIVE;
	}
	if (iMaxRadius > CV_FOV_MAX_RADIUS)
	{
		return CV_FOV_RADIUS_TOO_LARGE;
	}
	CvFovTrieBuilder kBuilder(eMetric);
	const int iKeyLimit = cvFovKeyLimit(eMetric, iMaxRadius);
	if (eMode == CV_FOV_PERMISSIVE)
	{
		addPermissiveRays(kBuilder, iMaxRadius, iKeyLimit);
	}
	else
	{
		addSymmetricLines(kBuilder, eMetric, iMaxRadius, iKeyLimit);
	}
	kBuilder.flatten(m_aNodes);
	m_iMaxRadius = iMaxRadius;
	m_eMode = eMode;
	m_eMetric = eMetric;
	return CV_FOV_OK;
}

CvFovResult CvFovTable::validate(int iWidth, int iHeight, int iX, int iY, int iRadius) const
{
	if (!isBuilt())
	{
		return CV_FOV_NOT_BUILT;
	}
	if (iRadius < 0)
	{
		return CV_FOV_RADIUS_NEGATIVE;
	}
	if (iRadius > m_iMaxRadius)
	{
		return CV_FOV_RADIUS_TOO_LARGE;
	}
	if (iWidth <= 0 || iHeight <= 0)
	{
		return CV_FOV_BAD_MAP_SIZE;
	}
	if (iX < 0 || iX >= iWidth || iY < 0 || iY >= iHeight)
	{
		return CV_FOV_ORIGIN_OFF_MAP;
	}
	return CV_FOV_OK;
}

void CvFovTable::Axes::fill(int iWidth, int iHeight, bool bWrapX, bool bWrapY, int iX, int iY, int iRadiusIn)
{
	iRadius = iRadiusIn;
	for (int iD = -iRadius; iD <= iRadius; ++iD)
	{
		aiColumn[iD + iRadius] = cvFovWrapCoord(iX + iD, iWidth, bWrapX);
		const int iRow = cvFovWrapCoord(iY + iD, iHeight, bWrapY);
		aiRowStart[iD + iRadius] = iRow < 0 ? -1 : iRow * iWidth;
	}
}

// --- CvFovVisibleSet ----------------------------------------------------------------------------

CvFovVisibleSet::CvFovVisibleSet() : m_iGeneration(1), m_iCount(0)
{
}

CvFovVisibleSet::CvFovVisibleSet(int iNumPlots) : m_iGeneration(1), m_iCount(0)
{
	resize(iNumPlots);
}

void CvFovVisibleSet::resize(int iNumPlots)
{
	m_aiStamp.assign(iNumPlots > 0 ? iNumPlots : 0, 0u);
	m_aiPlots.assign(iNumPlots > 0 ? iNumPlots : 0, -1);
	m_iGeneration = 1;
	m_iCount = 0;
}

void CvFovVisibleSet::begin()
{
	m_iCount = 0;
	++m_iGeneration;
	if (m_iGeneration == 0) // wrapped around: old stamps could match again
	{
		m_aiStamp.assign(m_aiStamp.size(), 0u);
		m_iGeneration = 1;
	}
}
