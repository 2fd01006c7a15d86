// SDK mock: SetGlobalDefines as an unintegrated SDK has it; the build runs sdk-integrate on it,
// which adds the read of xml\CvVision_GlobalDefines.xml. Written for CvVision's tests; not the
// SDK's code.
#include "CvGameCoreDLL.h"
#include "CvXMLLoadUtility.h"

bool CvXMLLoadUtility::SetGlobalDefines()
{
	CvCacheObject* cache = NULL;

	if (!ReadGlobalDefines("xml\\GlobalDefines.xml", cache))
	{
		return false;
	}

	if (!ReadGlobalDefines("xml\\GlobalDefinesAlt.xml", cache))
	{
		return false;
	}

	if (!ReadGlobalDefines("xml\\PythonCallbackDefines.xml", cache))
	{
		return false;
	}

	if (gDLL->isModularXMLLoading())
	{
		std::vector<CvString> aszFiles;
		gDLL->enumerateFiles(aszFiles, "modules\\*_GlobalDefines.xml");
		for (std::vector<CvString>::iterator it = aszFiles.begin(); it != aszFiles.end(); ++it)
		{
			if (!ReadGlobalDefines(it->c_str(), cache))
			{
				return false;
			}
		}
	}

	return true;
}
