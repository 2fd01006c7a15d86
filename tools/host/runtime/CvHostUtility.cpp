// The host's gDLL (CvHostUtility.h).
#include "CvGameCoreDLL.h"
#include "CvHostUtility.h"
#include "CvHostLog.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <wchar.h>
#include <wctype.h>

#include <algorithm>

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
// Zeroed, as the locals are (-ftrivial-auto-var-init=zero, cvhost/core.py): what the core writes
// unset (a structure's padding) is the same from run to run.
void* CvHostUtility::newMem(size_t size) { return calloc(1, size ? size : 1); }
void CvHostUtility::delMem(void* p, const char*, int) { free(p); }
void* CvHostUtility::newMem(size_t size, const char*, int) { return calloc(1, size ? size : 1); }
void CvHostUtility::delMemArray(void* p, const char*, int) { free(p); }
void* CvHostUtility::newMemArray(size_t size, const char*, int) { return calloc(1, size ? size : 1); }
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

namespace {

// The game's text placeholders: '%', a kind (s a wide string, d a number, D a signed number, F a
// character such as a font icon), the argument's number from 1, then an optional form (":3") and
// name ("_civ"): "%s2:3_civ", "%d1", "%F3_religion". At most this many arguments are read.
const int kMaxTextArguments = 9;
const size_t kMaxArgumentChars = 512;

int highestArgument(const std::wstring& text)
{
	int highest = 0;
	for (size_t i = 0; i + 2 < text.size(); ++i)
	{
		if (text[i] == L'%' && wcschr(L"sdDF", text[i + 1]) && text[i + 2] >= L'1' && text[i + 2] <= L'9')
			highest = std::max(highest, (int)(text[i + 2] - L'0'));
	}
	return highest;
}

// The text with each placeholder replaced by its argument, as the executable's getText gives it
// (the core hands the result to swprintf as a format: a placeholder left in would read arguments
// that are not there).
std::wstring substitute(const std::wstring& text, const unsigned int* arguments)
{
	std::wstring out;
	for (size_t i = 0; i < text.size(); ++i)
	{
		const wchar_t kind = i + 2 < text.size() && text[i] == L'%' ? text[i + 1] : 0;
		if (!kind || !wcschr(L"sdDF", kind) || text[i + 2] < L'1' || text[i + 2] > L'9')
		{
			out += text[i];
			continue;
		}
		const unsigned int value = arguments[text[i + 2] - L'1'];
		size_t end = i + 3;
		if (end < text.size() && text[end] == L':')
			for (++end; end < text.size() && iswdigit(text[end]); ++end)
			{}
		if (end < text.size() && text[end] == L'_')
			for (++end; end < text.size() && (iswalnum(text[end]) || text[end] == L'_'); ++end)
			{}
		i = end - 1;
		switch (kind)
		{
		case L's':
		{
			const wchar_t* p = reinterpret_cast<const wchar_t*>(static_cast<uintptr_t>(value));
			for (size_t n = 0; p && n < kMaxArgumentChars && p[n]; ++n) out += p[n];
			break;
		}
		case L'F': out += (wchar_t)value; break;
		default:
		{
			const long long n = (int)value;
			if (kind == L'D' && n >= 0) out += L'+';
			const std::string digits = std::to_string(n);
			out.append(digits.begin(), digits.end());
		}
		}
	}
	return out;
}

} // namespace

CvWString CvHostUtility::getText(CvWString szIDTag, ...)
{
	std::map<std::wstring, std::wstring>::const_iterator found = m_text.find(szIDTag);
	if (found == m_text.end()) return szIDTag;
	const int highest = highestArgument(found->second);
	if (highest == 0) return CvWString(found->second);
	unsigned int arguments[kMaxTextArguments] = {};
	va_list list;
	va_start(list, szIDTag);
	for (int i = 0; i < highest; ++i) arguments[i] = va_arg(list, unsigned int);
	va_end(list);
	return CvWString(substitute(found->second, arguments));
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
