// SDK mock: the XML loader's global defines step, and the part of gDLL it uses (a file set
// instead of the game's folders, a list of error boxes instead of Windows message boxes).
// Written for CvVision's tests; not the SDK's file.
#pragma once
#ifndef CV_MOCK_XMLLOADUTILITY_H
#define CV_MOCK_XMLLOADUTILITY_H

#include <map>
#include <string>
#include <vector>

typedef std::string CvString;
class CvCacheObject;

class CvDLLUtilityIFaceBase
{
public:
	// The files of the pattern (an exact name, or one '*'), in the mock's file set.
	void enumerateFiles(std::vector<CvString>& files, const char* szPattern);
	bool isModularXMLLoading() const { return m_bModular; }

	// mock only: file name -> its defines
	std::map<std::string, std::map<std::string, int> > m_kFiles;
	std::vector<std::string> m_aszErrorBoxes; // "LoadXML call failed for ..." boxes shown
	bool m_bModular;
};

CvDLLUtilityIFaceBase* mockDLL();
#define gDLL (mockDLL())

class CvXMLLoadUtility
{
public:
	bool SetGlobalDefines();
	// As the game's: a missing file shows the error box and fails.
	bool ReadGlobalDefines(const char* szXMLFileName, CvCacheObject* cache);
};

#endif
