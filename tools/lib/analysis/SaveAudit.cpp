// See SaveAudit.h.
#include "analysis/SaveAudit.h"

namespace cvv {

SaveAuditResult auditSave(const SaveGame& kSave, const VisionWorld& kWorld, const CvVisionRules& kRules)
{
	SaveAuditResult kResult;
	const int iNumInvisible = static_cast<int>(kRules.aszInvisibleTypes.size());
	for (int i = 0; i < static_cast<int>(kSave.aPlots.size()); ++i)
	{
		const SavePlot& kPlot = kSave.aPlots[i];
		for (int t = 0; t < kSave.iMaxTeams; ++t)
		{
			const int iStored = kPlot.aiVisibility.at(t);
			const int iExpected = kWorld.grid().counts()[t * kWorld.plotCount() + i];
			bool bSame = iStored == iExpected;
			std::vector<SaveDifference> aHere;
			if (!bSame)
			{
				aHere.push_back({ kPlot.iX, kPlot.iY, t, -1, iStored, iExpected, {} });
			}
			for (int e = 0; e < iNumInvisible; ++e)
			{
				const int iStoredTyped = (t < static_cast<int>(kPlot.aaiInvisibleVisibility.size())
											 && e < static_cast<int>(kPlot.aaiInvisibleVisibility[t].size()))
					? kPlot.aaiInvisibleVisibility[t][e]
					: 0;
				const int iExpectedTyped = kWorld.grid().invisibleCount(t, e, kPlot.iX, kPlot.iY);
				if (iStoredTyped != iExpectedTyped)
				{
					bSame = false;
					aHere.push_back({ kPlot.iX, kPlot.iY, t, e, iStoredTyped, iExpectedTyped, {} });
				}
			}
			if (iStored == 0 && iExpected == 0 && bSame)
			{
				continue; // a team-plot nobody sees on either side is not counted
			}
			++kResult.lTeamPlots;
			kResult.lMatching += bSame ? 1 : 0;
			for (SaveDifference& kDifference : aHere)
			{
				kDifference.asSources = kWorld.sourcesSeeing(i, t);
				kResult.aDifferences.push_back(kDifference);
			}
		}
	}
	return kResult;
}

} // namespace cvv
