// CvXMLLoadUtilitySet.cpp -- a fake, SDK-shaped file written for the sdk-integrate tests.
#include "CvGameCoreDLL.h"
#include "CvXMLLoadUtility.h"

bool CvXMLLoadUtility::ReadGlobalDefines(const TCHAR* szXMLFileName, CvCacheObject* pCache)
{
	// made up: open the file, read every define { name, value } pair
	if (!openFixtureFile(szXMLFileName))
	{
		return false;
	}
	readFixtureDefines(pCache);
	return true;
}


bool CvXMLLoadUtility::SetGlobalDefines()
{
	UpdateProgressCB("GlobalDefines");

	