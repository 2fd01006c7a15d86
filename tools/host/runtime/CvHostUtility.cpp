// The host's gDLL (CvHostUtility.h).
#include "CvGameCoreDLL.h"
#include "CvHostUtility.h"
#include "CvHostLog.h"

#include <malloc.h>
#include <stdlib.h>

CvHostUtility::CvHostUtility(const CvHostFiles& files, const std::string& modName)
	: m_files(files), m_modName(modName),
	  m_xml([&files](const std::string& requested) { return files.resolve(requested); },
		  [](const std::string& message) {
			  // Bytes that are not UTF-8 are tolerated and told (CvHostXml.h): the game loads such
			  // files without a word (K-Mod's, AdvCiv's and Realism Invictus's AIAutoPlay text), so
			  // the notice goes to the debug log; every other problem is the executable's message box.
			  if (message.find(" is not UTF-8, read as Windows-1252") != std::string::npos)
				  cvHostLog().debug(("XML: " + message).c_str());
			  else
				  cvHostLog().messageBox("XML", message.c_str());
		  })
{}

void CvHostUtility::delMem(void* p) { free(p); }
void* CvHostUtility::newMem(size_t size) { return malloc(size ? size : 1); }
void CvHostUtility::delMem(void* p, const char*, int) { free(p); }
void* CvHostUtility::newMem(size_t size, const char*, int) { return malloc(size ? size : 1); }
void CvHostUtility::delMemArray(void* p, const char*, int) { free(p); }
void* CvHostUtility::newMemArray(size_t size, const char*, int) { return malloc(size ? size : 1); }
void* CvHostUtility::reallocMem(void* a, unsigned int uiBytes, const char*, int) { return realloc(a, uiBytes); }
unsigned int CvHostUtility::memSize(void* a) { return a ? (unsigned int)malloc_usable_size(a) : 0; }

void CvHostUtility::MessageBox(const TCHAR* szText, const TCHAR* szCaption)
{
	cvHostLog().messageBox(szCaption ? szCaption : "", szText ? szText : "");
}

void CvHostUtility::logMsg(const TCHAR* pLogFileName, const TCHAR* pBuf, bool, bool)
{
	cvHostLog().logMsg(pLogFileName, pBuf ? pBuf : "");
}

void CvHostUtility::enumerateFiles(std::vector<CvString>& files, const char* szPattern)
{
	std::vector<std::string> found = m_files.enumerate(szPattern ? szPattern : "");
	for (size_t i = 0; i < found.size(); ++i) files.push_back(CvString(found[i]));
}

const char* CvHostUtility::getModName(bool) const { return m_modName.c_str(); }

CvWString CvHostUtility::getText(CvWString szIDTag, ...)
{
	std::map<std::wstring, std::wstring>::const_iterator found = m_text.find(szIDTag);
	return found == m_text.end() ? szIDTag : CvWString(found->second);
}

CvWString CvHostUtility::getObjectText(CvWString szIDTag, uint, bool)
{
	std::map<std::wstring, std::wstring>::const_iterator found = m_text.find(szIDTag);
	return found == m_text.end() ? szIDTag : CvWString(found->second);
}

void CvHostUtility::addText(const TCHAR* szIDTag, const wchar* szString, const wchar*, const wchar*)
{
	if (!szIDTag) return;
	std::wstring key;
	for (const char* p = szIDTag; *p; ++p) key += (wchar_t)(unsigned char)*p;
	m_text[key] = szString ? szString : L"";
}
