// SDK mock: CvTeam::changeExtraWaterSeeFromCount in the shape the game's has (the whole map
// re-sighted around the change), unintegrated: sdk-integrate adds CvVision's hook.
// Written for CvVision's tests from docs/vision-rules.md, section 7; not the SDK's code.
#include "CvGameCoreDLL.h"
#include "CvGlobals.h"
#include "CvMap.h"
#include "CvTeam.h"

void CvTeam::changeExtraWaterSeeFromCount(int iChange)
{
	if (iChange != 0)
	{
		GC.getMapINLINE().updateSight(false);
		m_iExtraWaterSeeFromCount += iChange;
		GC.getMapINLINE().updateSight(true);
	}
}
