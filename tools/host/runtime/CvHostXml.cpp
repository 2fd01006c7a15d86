// See CvHostXml.h. The semantics of each call are those the callers in the core expect of the
// game's FXml; each is argued below from the calls of BTS 3.19's CvXMLLoadUtility.cpp,
// CvXMLLoadUtilityGet.cpp, CvXMLLoadUtilitySet.cpp and CvInfos.cpp (the forks' are the same
// calls), and from the game's own XML files. Where the callers cannot tell what MSXML did, the
// comment says so and what was chosen instead.
#include "CvHostXml.h"

#if !defined(__cpp_exceptions) && !defined(__EXCEPTIONS)
#error "CvHostXml.cpp needs C++ exceptions: rapidxml reports a parse error by throwing"
#endif

// In MSVC mode clang defines none of GCC's macros; libstdc++'s <memory> reads this one (the core's
// files get it from tools/host/include/CvHostPreInclude.h).
#ifndef __GCC_ATOMIC_TEST_AND_SET_TRUEVAL
#define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
#endif

#include <rapidxml/rapidxml.hpp>

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <algorithm>
#include <climits>
#include <fstream>
#include <locale>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

namespace {

typedef rapidxml::xml_node<char> Node;
typedef rapidxml::xml_attribute<char> Attribute;
typedef std::map<std::string, std::string> TypeMap; // element name -> dt:type

// Comments are nodes the core steps over itself (SkipToNextVal); a closing tag must match its
// opening one, as MSXML checks.
const int kParseFlags = rapidxml::parse_comment_nodes | rapidxml::parse_validate_closing_tags;
const char* const kDatatypesNamespace = "urn:schemas-microsoft-com:datatypes";

// --- characters --------------------------------------------------------------------------------

// Windows-1252's 0x80..0x9F; the five bytes it leaves undefined map to the C1 controls, as
// Windows's own conversion maps them.
const uint16_t kCp1252High[32] = { 0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030,
	0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178 };

uint32_t codePointOfCp1252(unsigned char c) { return (c >= 0x80 && c < 0xA0) ? kCp1252High[c - 0x80] : c; }

// The code page 1252 byte of a character, or '?' (as WideCharToMultiByte's default character).
char cp1252OfCodePoint(uint32_t c)
{
	if (c < 0x80 || (c >= 0xA0 && c <= 0xFF))
	{
		return static_cast<char>(c);
	}
	for (int i = 0; i < 32; ++i)
	{
		if (kCp1252High[i] == c)
		{
			return static_cast<char>(0x80 + i);
		}
	}
	return '?';
}

void appendUtf8(std::string& s, uint32_t c)
{
	if (c < 0x80)
	{
		s += static_cast<char>(c);
	}
	else if (c < 0x800)
	{
		s += static_cast<char>(0xC0 | (c >> 6));
		s += static_cast<char>(0x80 | (c & 0x3F));
	}
	else if (c < 0x10000)
	{
		s += static_cast<char>(0xE0 | (c >> 12));
		s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
		s += static_cast<char>(0x80 | (c & 0x3F));
	}
	else
	{
		s += static_cast<char>(0xF0 | (c >> 18));
		s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
		s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
		s += static_cast<char>(0x80 | (c & 0x3F));
	}
}

// One UTF-8 sequence at s[i], strictly (no overlong forms, no surrogates, nothing past U+10FFFF);
// i moves past it. False, with i unmoved, on a malformed sequence.
bool decodeUtf8(const std::string& s, size_t& i, uint32_t& c)
{
	const unsigned char b = static_cast<unsigned char>(s[i]);
	int iMore = 0;
	uint32_t iMin = 0;
	if (b < 0x80)
	{
		c = b;
		++i;
		return true;
	}
	else if (b >= 0xC2 && b <= 0xDF)
	{
		c = b & 0x1F;
		iMore = 1;
		iMin = 0x80;
	}
	else if (b >= 0xE0 && b <= 0xEF)
	{
		c = b & 0x0F;
		iMore = 2;
		iMin = 0x800;
	}
	else if (b >= 0xF0 && b <= 0xF4)
	{
		c = b & 0x07;
		iMore = 3;
		iMin = 0x10000;
	}
	else
	{
		return false;
	}
	if (i + iMore >= s.size())
	{
		return false;
	}
	for (int k = 1; k <= iMore; ++k)
	{
		const unsigned char t = static_cast<unsigned char>(s[i + k]);
		if ((t & 0xC0) != 0x80)
		{
			return false;
		}
		c = (c << 6) | (t & 0x3F);
	}
	if (c < iMin || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
	{
		return false;
	}
	i += iMore + 1;
	return true;
}

// The characters of UTF-8 text the parser produced: a malformed sequence (which only a character
// reference to a surrogate can make) reads as U+FFFD.
template <class Out>
void forEachCodePoint(const std::string& s, Out out)
{
	size_t i = 0;
	while (i < s.size())
	{
		uint32_t c;
		if (!decodeUtf8(s, i, c))
		{
			c = 0xFFFD;
			++i;
		}
		out(c);
	}
}

std::string cp1252OfUtf8(const std::string& s)
{
	std::string r;
	r.reserve(s.size());
	forEachCodePoint(s, [&r](uint32_t c) { r += cp1252OfCodePoint(c); });
	return r;
}

std::wstring wideOfUtf8(const std::string& s)
{
	std::wstring r;
	r.reserve(s.size());
	forEachCodePoint(s, [&r](uint32_t c) {
		if (sizeof(wchar_t) == 2 && c >= 0x10000)
		{
			r += static_cast<wchar_t>(0xD800 + ((c - 0x10000) >> 10));
			r += static_cast<wchar_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
		}
		else
		{
			r += static_cast<wchar_t>(c);
		}
	});
	return r;
}

bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string trimmed(const std::string& s)
{
	size_t iBegin = 0;
	size_t iEnd = s.size();
	while (iBegin < iEnd && isXmlSpace(s[iBegin]))
	{
		++iBegin;
	}
	while (iEnd > iBegin && isXmlSpace(s[iEnd - 1]))
	{
		--iEnd;
	}
	return s.substr(iBegin, iEnd - iBegin);
}

std::string lowerAscii(std::string s)
{
	for (size_t i = 0; i < s.size(); ++i)
	{
		if (s[i] >= 'A' && s[i] <= 'Z')
		{
			s[i] = static_cast<char>(s[i] - 'A' + 'a');
		}
	}
	return s;
}

// --- a file's bytes as UTF-8 ------------------------------------------------------------------

enum Encoding { ENCODING_UTF8, ENCODING_CP1252, ENCODING_UTF16LE, ENCODING_UTF16BE };

// The encoding named by the XML declaration at the start of 8-bit text (the declaration must
// open the file: a file that opens with a comment, as the game's schemas do, has none), or UTF-8.
// False for a name this reader does not know.
bool declaredEncoding(const std::string& sBytes, size_t iStart, Encoding& eEncoding, std::string& sName)
{
	eEncoding = ENCODING_UTF8;
	sName.clear();
	if (sBytes.compare(iStart, 5, "<?xml") != 0)
	{
		return true;
	}
	const size_t iEnd = sBytes.find("?>", iStart);
	const std::string sDeclaration = sBytes.substr(iStart, iEnd == std::string::npos ? 200 : iEnd - iStart);
	const size_t iKey = sDeclaration.find("encoding");
	if (iKey == std::string::npos)
	{
		return true;
	}
	size_t i = sDeclaration.find_first_of("\"'", iKey);
	if (i == std::string::npos)
	{
		return true;
	}
	const size_t iClose = sDeclaration.find(sDeclaration[i], i + 1);
	sName = sDeclaration.substr(i + 1, iClose == std::string::npos ? std::string::npos : iClose - i - 1);
	const std::string s = lowerAscii(trimmed(sName));
	if (s == "utf-8" || s == "utf8")
	{
		eEncoding = ENCODING_UTF8;
		return true;
	}
	// ISO-8859-1 is read as Windows-1252, its superset: a Windows editor that saves "Latin-1"
	// writes Windows-1252 (its quotes and dashes at 0x80..0x9F), and a modder expects them back.
	// What MSXML made of those bytes is not known; the game's own files have none.
	if (s == "iso-8859-1" || s == "iso8859-1" || s == "iso_8859-1" || s == "latin1" || s == "latin-1" || s == "l1"
		|| s == "windows-1252" || s == "cp1252" || s == "us-ascii" || s == "ascii")
	{
		eEncoding = ENCODING_CP1252;
		return true;
	}
	return false;
}

// The text as UTF-8, line ends as "\n" (XML's end-of-line handling); false with sError and the
// line of the problem (counted in the output so far) on UTF-16 that is not, a NUL character or an
// encoding this reader does not know.
// A byte that is not UTF-8 in a file read as UTF-8 does not fail: it is read as a Windows-1252
// character, and the first is told (sNotice, iNoticeLine). Mods ship such files and the game loads
// them (AdvCiv's, K-Mod's and Realism Invictus's AIAutoPlay text: "Elige una civilizaci\xF3n" with
// no declaration), so MSXML took them; what characters it made of those bytes is not known, and
// Windows-1252 is what their authors wrote.
bool toUtf8(const std::string& sBytes, std::string& sOut, std::string& sError, int& iErrorLine, std::string& sNotice,
	int& iNoticeLine)
{
	sOut.clear();
	sOut.reserve(sBytes.size() + sBytes.size() / 8);
	int iLine = 1;
	size_t i = 0;
	Encoding eEncoding = ENCODING_UTF8;
	const unsigned char* b = reinterpret_cast<const unsigned char*>(sBytes.data());
	const size_t n = sBytes.size();
	if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
	{
		i = 3; // a byte order mark decides, whatever the declaration says
	}
	else if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE)
	{
		eEncoding = ENCODING_UTF16LE;
		i = 2;
	}
	else if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF)
	{
		eEncoding = ENCODING_UTF16BE;
		i = 2;
	}
	else if (n >= 4 && b[0] == '<' && b[1] == 0 && b[2] == '?' && b[3] == 0)
	{
		eEncoding = ENCODING_UTF16LE;
	}
	else if (n >= 4 && b[0] == 0 && b[1] == '<' && b[2] == 0 && b[3] == '?')
	{
		eEncoding = ENCODING_UTF16BE;
	}
	else
	{
		std::string sName;
		if (!declaredEncoding(sBytes, 0, eEncoding, sName))
		{
			sError = "the encoding \"" + sName
				+ "\" is not one the host reads (UTF-8, ISO-8859-1, Windows-1252, US-ASCII, UTF-16)";
			iErrorLine = 1;
			return false;
		}
	}
	bool bCr = false; // the last character was a CR (a LF after it is dropped)
	while (i < n)
	{
		uint32_t c;
		if (eEncoding == ENCODING_UTF8)
		{
			if (!decodeUtf8(sBytes, i, c))
			{
				if (sNotice.empty())
				{
					char szByte[8];
					snprintf(szByte, sizeof(szByte), "0x%02X", b[i]);
					sNotice = std::string("byte ") + szByte
						+ " is not UTF-8, read as Windows-1252 (the file declares no encoding, or UTF-8; an "
						  "ISO-8859-1 file says <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>; the file's other "
						  "such bytes are not told)";
					iNoticeLine = iLine;
				}
				c = codePointOfCp1252(b[i++]);
			}
		}
		else if (eEncoding == ENCODING_CP1252)
		{
			c = codePointOfCp1252(b[i++]);
		}
		else
		{
			if (i + 1 >= n)
			{
				sError = "the UTF-16 text ends in the middle of a character";
				iErrorLine = iLine;
				return false;
			}
			c = eEncoding == ENCODING_UTF16LE ? (b[i] | (b[i + 1] << 8)) : ((b[i] << 8) | b[i + 1]);
			i += 2;
			if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n)
			{
				const uint32_t d = eEncoding == ENCODING_UTF16LE ? (b[i] | (b[i + 1] << 8)) : ((b[i] << 8) | b[i + 1]);
				if (d >= 0xDC00 && d <= 0xDFFF)
				{
					c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
					i += 2;
				}
			}
			if (c >= 0xD800 && c <= 0xDFFF)
			{
				sError = "the UTF-16 text has a lone surrogate";
				iErrorLine = iLine;
				return false;
			}
		}
		if (c == 0)
		{
			sError = "a NUL character, which XML does not allow";
			iErrorLine = iLine;
			return false;
		}
		if (c == '\n' && bCr)
		{
			bCr = false;
			continue;
		}
		bCr = c == '\r';
		if (bCr)
		{
			c = '\n';
		}
		if (c == '\n')
		{
			++iLine;
		}
		appendUtf8(sOut, c);
	}
	return true;
}

// --- numbers --------------------------------------------------------------------------------------

// A decimal integer, optionally signed, within [iMin, iMax].
bool parseInteger(const std::string& s, long long iMin, long long iMax, long long& iOut)
{
	size_t i = 0;
	bool bNegative = false;
	if (i < s.size() && (s[i] == '+' || s[i] == '-'))
	{
		bNegative = s[i] == '-';
		++i;
	}
	if (i == s.size())
	{
		return false;
	}
	long long iValue = 0;
	for (; i < s.size(); ++i)
	{
		if (s[i] < '0' || s[i] > '9')
		{
			return false;
		}
		iValue = iValue * 10 + (s[i] - '0');
		if (iValue > 0xFFFFFFFFLL + 1)
		{
			return false;
		}
	}
	if (bNegative)
	{
		iValue = -iValue;
	}
	if (iValue < iMin || iValue > iMax)
	{
		return false;
	}
	iOut = iValue;
	return true;
}

// A decimal number in the C locale's form, whatever the process's locale.
bool parseFloat(const std::string& s, float& fOut)
{
	if (s.empty())
	{
		return false;
	}
	std::istringstream kIn(s);
	kIn.imbue(std::locale::classic());
	float f = 0;
	kIn >> f;
	if (kIn.fail() || kIn.peek() != std::char_traits<char>::eof())
	{
		return false;
	}
	fOut = f;
	return true;
}

// --- the tree ---------------------------------------------------------------------------------

// The nodes the cursor stops at. rapidxml makes no node of white space alone between tags (MSXML,
// whose preserveWhiteSpace the game leaves false, drops them too), nor of the XML declaration,
// processing instructions or a DOCTYPE with these flags.
bool isNode(const Node* p)
{
	switch (p->type())
	{
	case rapidxml::node_element:
	case rapidxml::node_data:
	case rapidxml::node_cdata:
	case rapidxml::node_comment: return true;
	default: return false;
	}
}

bool isElement(const Node* p) { return p->type() == rapidxml::node_element; }

Node* skipToNode(Node* p)
{
	while (p && !isNode(p))
	{
		p = p->next_sibling();
	}
	return p;
}

Node* firstChildNode(const Node* p) { return skipToNode(p->first_node()); }

Node* nextNode(const Node* p) { return skipToNode(p->next_sibling()); }

Node* prevNode(const Node* p)
{
	Node* q = p->previous_sibling();
	while (q && !isNode(q))
	{
		q = q->previous_sibling();
	}
	return q;
}

bool nameIs(const Node* p, const char* szName) { return isElement(p) && szName && strcmp(p->name(), szName) == 0; }

// A path step: an element name, or "*" for any element.
bool stepMatches(const Node* p, const std::string& sStep)
{
	return isElement(p) && (sStep == "*" || sStep == p->name());
}

// The part of a name after its prefix ("Define" of "x:Define").
const char* localName(const char* szName)
{
	const char* szColon = strchr(szName, ':');
	return szColon ? szColon + 1 : szName;
}

// The text of a node: character data and CDATA as they are; an element's or the document's, the
// text of its descendants in order (comments left out); a comment's, what it says. This is
// MSXML's "text" of a node. MSXML also takes out the white space that leads and trails it
// (trimmed() does); its documentation says it collapses runs of white space inside too, which is
// not done here: a text is kept as the modder wrote it.
void appendText(const Node* p, std::string& s)
{
	switch (p->type())
	{
	case rapidxml::node_data:
	case rapidxml::node_cdata:
	case rapidxml::node_comment: s.append(p->value(), p->value_size()); break;
	case rapidxml::node_element:
	case rapidxml::node_document:
		for (const Node* q = p->first_node(); q; q = q->next_sibling())
		{
			if (q->type() != rapidxml::node_comment)
			{
				appendText(q, s);
			}
		}
		break;
	default: break;
	}
}

// The first element of the path below pFrom in document order (a depth-first walk meets the
// elements in document order), or null.
Node* firstMatch(const Node* pFrom, const std::vector<std::string>& aSteps, size_t iStep)
{
	for (Node* p = pFrom->first_node(); p; p = p->next_sibling())
	{
		if (stepMatches(p, aSteps[iStep]))
		{
			if (iStep + 1 == aSteps.size())
			{
				return p;
			}
			if (Node* q = firstMatch(p, aSteps, iStep + 1))
			{
				return q;
			}
		}
	}
	return NULL;
}

int countMatches(const Node* pFrom, const std::vector<std::string>& aSteps, size_t iStep)
{
	int iCount = 0;
	for (const Node* p = pFrom->first_node(); p; p = p->next_sibling())
	{
		if (stepMatches(p, aSteps[iStep]))
		{
			iCount += iStep + 1 == aSteps.size() ? 1 : countMatches(p, aSteps, iStep + 1);
		}
	}
	return iCount;
}

// Every element of the document in document order, to f.
template <class F>
void forEachElement(Node* pFrom, F f)
{
	for (Node* p = pFrom->first_node(); p; p = p->next_sibling())
	{
		if (isElement(p))
		{
			f(p);
			forEachElement(p, f);
		}
	}
}

// "a/b/c" as its steps; bAnywhere when it starts with "//" (the first step matches at any depth).
// A single leading '/' means the document, as no slash does.
std::vector<std::string> pathSteps(const char* szPath, bool& bAnywhere)
{
	std::vector<std::string> aSteps;
	const std::string sPath = szPath ? szPath : "";
	bAnywhere = sPath.compare(0, 2, "//") == 0;
	size_t i = 0;
	while (i <= sPath.size())
	{
		size_t j = sPath.find('/', i);
		if (j == std::string::npos)
		{
			j = sPath.size();
		}
		const std::string sStep = trimmed(sPath.substr(i, j - i));
		if (!sStep.empty())
		{
			aSteps.push_back(sStep);
		}
		i = j + 1;
	}
	return aSteps;
}

// The namespace a prefix stands for at pAt (its own xmlns:PREFIX or an ancestor's); "" if none.
std::string namespaceOf(const Node* pAt, const std::string& sPrefix)
{
	const std::string sAttribute = "xmlns:" + sPrefix;
	for (const Node* p = pAt; p && isElement(p); p = p->parent())
	{
		if (const Attribute* a = p->first_attribute(sAttribute.c_str()))
		{
			return a->value();
		}
	}
	return "";
}

// The dt:type of an XDR ElementType: its own attribute (<ElementType name="iCost" dt:type="int"/>)
// or its <datatype dt:type="int"/> child, with any prefix bound to the datatypes namespace.
std::string xdrType(const Node* pElementType)
{
	const Node* aWhere[2] = { pElementType, NULL };
	for (const Node* p = pElementType->first_node(); p; p = p->next_sibling())
	{
		if (isElement(p) && strcmp(localName(p->name()), "datatype") == 0)
		{
			aWhere[1] = p;
			break;
		}
	}
	for (int k = 0; k < 2; ++k)
	{
		if (!aWhere[k])
		{
			continue;
		}
		for (const Attribute* a = aWhere[k]->first_attribute(); a; a = a->next_attribute())
		{
			const std::string sName = a->name();
			const size_t iColon = sName.find(':');
			if (iColon != std::string::npos && sName.compare(iColon + 1, std::string::npos, "type") == 0
				&& namespaceOf(aWhere[k], sName.substr(0, iColon)) == kDatatypesNamespace)
			{
				return a->value();
			}
		}
	}
	return "";
}

std::string directoryOf(const std::string& sPath)
{
	const size_t i = sPath.find_last_of("/\\");
	return i == std::string::npos ? std::string() : sPath.substr(0, i + 1);
}

bool readWholeFile(const std::string& sPath, std::string& sBytes)
{
	std::ifstream kIn(sPath.c_str(), std::ios::in | std::ios::binary);
	if (!kIn)
	{
		return false;
	}
	std::ostringstream kAll;
	kAll << kIn.rdbuf();
	sBytes = kAll.str();
	return !kIn.bad();
}

} // namespace

// --- the schema cache ---------------------------------------------------------------------------

struct CvHostXmlSchemaCache::Impl
{
	std::map<std::string, std::shared_ptr<const TypeMap>> kByFile;
	int iReads = 0;
};

CvHostXmlSchemaCache::CvHostXmlSchemaCache() : m_pImpl(new Impl) {}

CvHostXmlSchemaCache::~CvHostXmlSchemaCache() { delete m_pImpl; }

int CvHostXmlSchemaCache::schemasRead() const { return m_pImpl->iReads; }

// --- the document ---------------------------------------------------------------------------------

struct CvHostXmlDocument::Impl
{
	CvHostXmlErrorSink kReport;
	std::string sFile;
	std::string sLastError;
	std::vector<char> aText; // the UTF-8 text, which rapidxml parses in place
	std::vector<size_t> aLineStarts; // the offset of each line in aText
	std::unique_ptr<rapidxml::xml_document<char>> pDoc;
	Node* pCursor = NULL;
	std::shared_ptr<const TypeMap> pTypes;
	int iUnsupported = 0;

	void clear()
	{
		pDoc.reset();
		pCursor = NULL;
		aText.clear();
		aLineStarts.clear();
		pTypes.reset();
		sLastError.clear();
	}

	void report(const std::string& sMessage)
	{
		sLastError = sMessage;
		if (kReport)
		{
			kReport(sMessage);
		}
	}

	// "FILE:LINE:COLUMN: " of an offset in aText (the column counts characters, from 1).
	std::string where(size_t iOffset) const
	{
		size_t iLine = std::upper_bound(aLineStarts.begin(), aLineStarts.end(), iOffset) - aLineStarts.begin();
		if (iLine == 0)
		{
			iLine = 1;
		}
		int iColumn = 1;
		for (size_t i = aLineStarts.empty() ? 0 : aLineStarts[iLine - 1]; i < iOffset && i < aText.size(); ++i)
		{
			if ((static_cast<unsigned char>(aText[i]) & 0xC0) != 0x80)
			{
				++iColumn;
			}
		}
		std::ostringstream k;
		k << sFile << ":" << iLine << ":" << iColumn << ": ";
		return k.str();
	}

	// Where a node starts: an element's name, the first character of a text that is not white
	// space, a comment's text; the document's start.
	std::string whereNode(const Node* p) const
	{
		if (!p || aText.empty() || p->type() == rapidxml::node_document)
		{
			return sFile + ":1:1: ";
		}
		const char* sz = isElement(p) ? p->name() : p->value();
		const char* szBase = &aText[0];
		if (sz < szBase || sz >= szBase + aText.size())
		{
			return sFile + ": ";
		}
		size_t iOffset = sz - szBase;
		if (!isElement(p))
		{
			size_t iLimit = iOffset + p->value_size();
			while (iOffset < iLimit && isXmlSpace(aText[iOffset]))
			{
				++iOffset;
			}
		}
		return where(iOffset);
	}

	// Parses sBytes (any encoding the reader knows) as the document; messages name sName.
	bool parse(const std::string& sBytes, const std::string& sName)
	{
		clear();
		sFile = sName;
		std::string sUtf8;
		std::string sError;
		std::string sNotice;
		int iLine = 0;
		int iNoticeLine = 0;
		const bool bText = toUtf8(sBytes, sUtf8, sError, iLine, sNotice, iNoticeLine);
		if (!sNotice.empty())
		{
			std::ostringstream k;
			k << sFile << ":" << iNoticeLine << ": " << sNotice;
			report(k.str());
		}
		if (!bText)
		{
			std::ostringstream k;
			k << sFile << ":" << iLine << ": " << sError;
			report(k.str());
			return false;
		}
		aText.assign(sUtf8.begin(), sUtf8.end());
		aText.push_back('\0');
		aLineStarts.push_back(0);
		for (size_t i = 0; i + 1 < aText.size(); ++i)
		{
			if (aText[i] == '\n')
			{
				aLineStarts.push_back(i + 1);
			}
		}
		pDoc.reset(new rapidxml::xml_document<char>());
		try
		{
			pDoc->parse<kParseFlags>(&aText[0]);
		}
		catch (const rapidxml::parse_error& e)
		{
			const char* szWhere = e.where<char>();
			const size_t iOffset = szWhere ? static_cast<size_t>(szWhere - &aText[0]) : 0;
			std::string sMessage = where(iOffset) + "XML does not parse: " + e.what();
			pDoc.reset();
			aText.clear();
			report(sMessage);
			return false;
		}
		// One root element, as XML asks (rapidxml takes several; MSXML does not).
		Node* pRoot = NULL;
		for (Node* p = pDoc->first_node(); p; p = p->next_sibling())
		{
			if (isElement(p))
			{
				if (pRoot)
				{
					const std::string sMessage = whereNode(p) + "a second root element <" + p->name() + ">";
					clear();
					report(sMessage);
					return false;
				}
				pRoot = p;
			}
		}
		if (!pRoot)
		{
			clear();
			report(sFile + ": no root element");
			return false;
		}
		// The core starts each document with LocateNode from the document; a load leaves the cursor
		// on the document itself (MSXML's document node, the parent of the root element).
		pCursor = pDoc.get();
		return true;
	}

	Node* root() const
	{
		for (Node* p = pDoc->first_node(); p; p = p->next_sibling())
		{
			if (isElement(p))
			{
				return p;
			}
		}
		return NULL;
	}

	// The schema named by the root element (xmlns="x-schema:NAME"), or "".
	std::string schemaName() const
	{
		const Node* pRoot = root();
		for (const Attribute* a = pRoot ? pRoot->first_attribute() : NULL; a; a = a->next_attribute())
		{
			const std::string sName = a->name();
			const std::string sValue = a->value();
			if ((sName == "xmlns" || sName.compare(0, 6, "xmlns:") == 0) && sValue.compare(0, 9, "x-schema:") == 0)
			{
				return sValue.substr(9);
			}
		}
		return "";
	}

	std::string text() const
	{
		std::string s;
		appendText(pCursor, s);
		return trimmed(s);
	}

	// The text for a number getter; false (told to the sink) when empty.
	bool numberText(std::string& s, const char* szWhat) const
	{
		s = text();
		if (s.empty())
		{
			const_cast<Impl*>(this)->report(whereNode(pCursor) + nodeName() + " is empty, not " + szWhat);
			return false;
		}
		return true;
	}

	void notANumber(const std::string& s, const char* szWhat) const
	{
		const_cast<Impl*>(this)->report(whereNode(pCursor) + nodeName() + " \"" + s + "\" is not " + szWhat);
	}

	std::string nodeName() const
	{
		switch (pCursor->type())
		{
		case rapidxml::node_element: return pCursor->name();
		case rapidxml::node_data: return "#text";
		case rapidxml::node_cdata: return "#cdata-section";
		case rapidxml::node_comment: return "#comment";
		default: return "#document";
		}
	}
};

CvHostXmlDocument::CvHostXmlDocument(const CvHostXmlErrorSink& kReport) : m_pImpl(new Impl)
{
	m_pImpl->kReport = kReport;
}

CvHostXmlDocument::~CvHostXmlDocument() { delete m_pImpl; }

bool CvHostXmlDocument::loadBytes(const std::string& sBytes, const std::string& sName)
{
	return m_pImpl->parse(sBytes, sName);
}

// The file is the resolver's (the game's search order). Its schema is looked for as the game's
// files are, beside the path the core gave ("xml\\Units\\" + "CIV4UnitSchema.xml": BTS's
// CIV4CityLSystem.xml names a schema that only the base game's Assets hold), then beside the file
// on disk. A schema that is nowhere fails the load: MSXML loads an x-schema with the document and
// fails when it cannot. A schema that does not parse fails it too.
bool CvHostXmlDocument::loadFile(
	const std::string& sRequested, const CvHostXmlResolver& kResolve, CvHostXmlSchemaCache* pSchemas)
{
	Impl& k = *m_pImpl;
	k.clear();
	k.sFile = sRequested;
	const std::string sDisk = kResolve ? kResolve(sRequested) : sRequested;
	if (sDisk.empty())
	{
		k.report(sRequested + ": no such file in the mod's Assets nor the game's");
		return false;
	}
	std::string sBytes;
	if (!readWholeFile(sDisk, sBytes))
	{
		k.sFile = sDisk;
		k.report(sDisk + ": cannot be read");
		return false;
	}
	if (!k.parse(sBytes, sDisk))
	{
		return false;
	}
	const std::string sSchema = k.schemaName();
	if (sSchema.empty())
	{
		return true;
	}
	std::string sSchemaDisk = kResolve ? kResolve(directoryOf(sRequested) + sSchema) : std::string();
	if (sSchemaDisk.empty())
	{
		std::ifstream kBeside((directoryOf(sDisk) + sSchema).c_str());
		if (kBeside)
		{
			sSchemaDisk = directoryOf(sDisk) + sSchema;
		}
	}
	if (sSchemaDisk.empty())
	{
		const std::string sMessage = k.whereNode(k.root()) + "its schema x-schema:" + sSchema + " is found neither as "
			+ directoryOf(sRequested) + sSchema + " in the game's folders nor beside the file";
		k.clear();
		k.report(sMessage);
		return false;
	}
	CvHostXmlSchemaCache kOwn;
	CvHostXmlSchemaCache::Impl& kCache = *(pSchemas ? pSchemas : &kOwn)->impl();
	std::map<std::string, std::shared_ptr<const TypeMap>>::const_iterator it = kCache.kByFile.find(sSchemaDisk);
	if (it == kCache.kByFile.end())
	{
		std::string sSchemaBytes;
		CvHostXmlDocument kSchema(k.kReport);
		if (!readWholeFile(sSchemaDisk, sSchemaBytes) || !kSchema.loadBytes(sSchemaBytes, sSchemaDisk))
		{
			const std::string sMessage =
				kSchema.lastError().empty() ? sSchemaDisk + ": cannot be read" : kSchema.lastError();
			if (kSchema.lastError().empty())
			{
				k.report(sMessage);
			}
			k.clear();
			k.sLastError = sMessage;
			return false;
		}
		std::shared_ptr<TypeMap> pTypes(new TypeMap);
		forEachElement(kSchema.m_pImpl->pDoc.get(), [&pTypes](Node* p) {
			const Attribute* a = p->first_attribute("name");
			if (a && strcmp(localName(p->name()), "ElementType") == 0)
			{
				(*pTypes)[a->value()] = xdrType(p);
			}
		});
		++kCache.iReads;
		it = kCache.kByFile.insert(std::make_pair(sSchemaDisk, std::shared_ptr<const TypeMap>(pTypes))).first;
	}
	k.pTypes = it->second;
	return true;
}

bool CvHostXmlDocument::loaded() const { return m_pImpl->pCursor != NULL; }

const std::string& CvHostXmlDocument::fileName() const { return m_pImpl->sFile; }

const std::string& CvHostXmlDocument::lastError() const { return m_pImpl->sLastError; }

// --- moves ------------------------------------------------------------------------------------------

// LocateNode: the core gives whole paths from the document, "Civ4Defines/Define" right after the
// load (ReadGlobalDefines), and "Civ4GameText" then "Civ4GameText/TEXT" in a row (SetGameText:
// a path relative to the cursor would have been "TEXT" the second time); the first match in
// document order, as MSXML's selectSingleNode. "//" first: the first step at any depth.
bool CvHostXmlDocument::locateNode(const char* szPath)
{
	Impl& k = *m_pImpl;
	bool bAnywhere = false;
	const std::vector<std::string> aSteps = pathSteps(szPath, bAnywhere);
	if (!loaded() || aSteps.empty())
	{
		return false;
	}
	Node* pFound = NULL;
	if (!bAnywhere)
	{
		pFound = firstMatch(k.pDoc.get(), aSteps, 0);
	}
	else
	{
		forEachElement(k.pDoc.get(), [&](Node* p) {
			if (!pFound && stepMatches(p, aSteps[0]))
			{
				pFound = aSteps.size() == 1 ? p : firstMatch(p, aSteps, 1);
			}
		});
	}
	if (!pFound)
	{
		return false;
	}
	k.pCursor = pFound;
	return true;
}

// "The first sibling node in this sub-tree layer that has the xml tag name" (the interface's
// words): the parent's first child element so named, which may be the cursor's node itself
// (RoM-AND: SetToChild into <BonusTypes>, then LocateFirstSiblingNodeByTagName("BonusType")).
bool CvHostXmlDocument::locateFirstSiblingByTagName(const char* szName)
{
	Impl& k = *m_pImpl;
	const Node* pParent = loaded() ? k.pCursor->parent() : NULL;
	if (!pParent)
	{
		return false;
	}
	for (Node* p = pParent->first_node(); p; p = p->next_sibling())
	{
		if (nameIs(p, szName))
		{
			k.pCursor = p;
			return true;
		}
	}
	return false;
}

// CvFormationInfo::read: SetToChildByTagName("UnitEntry"), then LocateNextSiblingNodeByTagName
// ("UnitEntry") until false: the next element so named, whatever is between.
bool CvHostXmlDocument::locateNextSiblingByTagName(const char* szName)
{
	Impl& k = *m_pImpl;
	if (!loaded() || !k.pCursor->parent())
	{
		return false;
	}
	for (Node* p = k.pCursor->next_sibling(); p; p = p->next_sibling())
	{
		if (nameIs(p, szName))
		{
			k.pCursor = p;
			return true;
		}
	}
	return false;
}

// NextSibling stops at comments: SkipToNextVal steps over them with NextSibling and
// IsLastLocatedNodeCommentNode, which would have no use otherwise (CvXMLLoadUtility.cpp), and the
// game's own files have comments between the children the core walks (GlobalDefines.xml between
// its Define elements, most CIV4GameText files before their first TEXT).
bool CvHostXmlDocument::nextSibling()
{
	Impl& k = *m_pImpl;
	Node* p = loaded() && k.pCursor->parent() ? nextNode(k.pCursor) : NULL;
	if (!p)
	{
		return false;
	}
	k.pCursor = p;
	return true;
}

bool CvHostXmlDocument::prevSibling()
{
	Impl& k = *m_pImpl;
	Node* p = loaded() && k.pCursor->parent() ? prevNode(k.pCursor) : NULL;
	if (!p)
	{
		return false;
	}
	k.pCursor = p;
	return true;
}

// SetToChild: the first child node, a comment too (GetChildXmlVal follows it with SkipToNextVal),
// and the text of an element that holds text (MSXML's first child there is its text node, whose
// value is the element's).
bool CvHostXmlDocument::setToChild()
{
	Impl& k = *m_pImpl;
	Node* p = loaded() ? firstChildNode(k.pCursor) : NULL;
	if (!p)
	{
		return false;
	}
	k.pCursor = p;
	return true;
}

bool CvHostXmlDocument::setToChildByTagName(const char* szName)
{
	Impl& k = *m_pImpl;
	if (!loaded())
	{
		return false;
	}
	for (Node* p = k.pCursor->first_node(); p; p = p->next_sibling())
	{
		if (nameIs(p, szName))
		{
			k.pCursor = p;
			return true;
		}
	}
	return false;
}

bool CvHostXmlDocument::setToParent()
{
	Impl& k = *m_pImpl;
	Node* p = loaded() ? k.pCursor->parent() : NULL;
	if (!p)
	{
		return false;
	}
	k.pCursor = p;
	return true;
}

// --- what is at the cursor ---------------------------------------------------------------------------

bool CvHostXmlDocument::isComment() const { return loaded() && m_pImpl->pCursor->type() == rapidxml::node_comment; }

bool CvHostXmlDocument::tagName(char* szOut) const
{
	if (!loaded() || !szOut)
	{
		return false;
	}
	const std::string s = cp1252OfUtf8(m_pImpl->nodeName());
	memcpy(szOut, s.c_str(), s.size() + 1);
	return true;
}

// ReadGlobalDefines asks the type of the value element of each Define and reads an int for "int",
// a float for "float", a bool for "boolean", and a string for anything else, "" included; it skips
// the define when the call answers false. The game's CIV4GlobalDefinesSchema.xml types
// iDefineIntVal as int but leaves fDefineFloatVal and DefineTextVal untyped, and the core reads
// float defines (FVariableSystem converts a string define to a float) and text defines
// (LAND_TERRAIN): so an untyped element answers true and "". RoM-AND reads a number directly only
// when the type is not "" and parses the text otherwise, which this answer serves as well.
std::string CvHostXmlDocument::nodeType() const
{
	const Impl& k = *m_pImpl;
	if (!loaded() || !isElement(k.pCursor) || !k.pTypes)
	{
		return "";
	}
	TypeMap::const_iterator it = k.pTypes->find(localName(k.pCursor->name()));
	return it == k.pTypes->end() ? std::string() : it->second;
}

bool CvHostXmlDocument::nodeType(char* szOut) const
{
	if (!loaded() || !szOut)
	{
		return false;
	}
	const std::string s = nodeType();
	memcpy(szOut, s.c_str(), s.size() + 1);
	return true;
}

// GetNumChildren counts child elements, not comments. SetGameText loops GetNumChildren(Civ4GameText)
// times over the TEXT elements, each read stepping over the comments before it (CvInfoBase::read's
// SkipToNextVal), and shows "failed to find sibling" when NextSibling fails before the last turn:
// with comments counted, every CIV4GameText file that has one (most of the game's: a comment
// before the first TEXT) would show it at each start of the game.
int CvHostXmlDocument::numChildren() const
{
	if (!loaded())
	{
		return 0;
	}
	int iCount = 0;
	for (const Node* p = m_pImpl->pCursor->first_node(); p; p = p->next_sibling())
	{
		iCount += isElement(p) ? 1 : 0;
	}
	return iCount;
}

// GetNumSiblings: ReadGlobalDefines calls it on the first Define, "the number of other Define
// tags", and adds one "to include the current Define tag": the node itself is not counted. As
// GetNumChildren, elements only; those before the node count too (the core only asks at a first
// element, where it makes no difference).
int CvHostXmlDocument::numSiblings() const
{
	const Node* pParent = loaded() ? m_pImpl->pCursor->parent() : NULL;
	if (!pParent)
	{
		return 0;
	}
	int iCount = 0;
	for (const Node* p = pParent->first_node(); p; p = p->next_sibling())
	{
		iCount += isElement(p) && p != m_pImpl->pCursor ? 1 : 0;
	}
	return iCount;
}

// NumOfChildrenByTagName: the child elements so named (CvUnitInfo::read's UnitMeshGroup count,
// CvDiplomacyInfo::read's Response count), whatever comments are between them.
int CvHostXmlDocument::numChildrenByTagName(const char* szName) const
{
	if (!loaded())
	{
		return 0;
	}
	int iCount = 0;
	for (const Node* p = m_pImpl->pCursor->first_node(); p; p = p->next_sibling())
	{
		iCount += nameIs(p, szName) ? 1 : 0;
	}
	return iCount;
}

// NumOfElementsByTagName: SetGlobalStringArray passes the path it located,
// "Civ4Types/FlavorTypes/FlavorType", and allocates that many strings. MSXML's getElementsByTagName
// searches the whole document ("//" + the name): the path's elements anywhere, independent of the
// cursor. A plain name counts every element so named.
int CvHostXmlDocument::numElementsByTagName(const char* szPath) const
{
	bool bAnywhere = false;
	const std::vector<std::string> aSteps = pathSteps(szPath, bAnywhere);
	if (!loaded() || aSteps.empty())
	{
		return 0;
	}
	int iCount = 0;
	forEachElement(m_pImpl->pDoc.get(), [&](Node* p) {
		if (stepMatches(p, aSteps[0]))
		{
			iCount += aSteps.size() == 1 ? 1 : countMatches(p, aSteps, 1);
		}
	});
	return iCount;
}

// --- values -------------------------------------------------------------------------------------------

// GetLastNodeText and GetLastNodeValue give the same text (CvAnimationPathInfo::read takes an
// element's text with GetLastNodeText; everything else with GetLastNodeValue). GetLastNodeTextSize
// is its length without the terminator: MNAI's and AdvCiv's reads take 0 for an empty element.
int CvHostXmlDocument::textSize() const
{
	return loaded() ? static_cast<int>(cp1252OfUtf8(m_pImpl->text()).size()) : 0;
}

bool CvHostXmlDocument::text(std::string& sOut) const
{
	if (!loaded())
	{
		return false;
	}
	sOut = cp1252OfUtf8(m_pImpl->text());
	return true;
}

bool CvHostXmlDocument::text(std::wstring& szOut) const
{
	if (!loaded())
	{
		return false;
	}
	szOut = wideOfUtf8(m_pImpl->text());
	return true;
}

bool CvHostXmlDocument::text(char* szOut) const
{
	std::string s;
	if (!szOut || !text(s))
	{
		return false;
	}
	memcpy(szOut, s.c_str(), s.size() + 1);
	return true;
}

bool CvHostXmlDocument::text(wchar_t* szOut) const
{
	std::wstring s;
	if (!szOut || !text(s))
	{
		return false;
	}
	memcpy(szOut, s.c_str(), (s.size() + 1) * sizeof(wchar_t));
	return true;
}

// The game's booleans are typed dt:type="boolean" in its schemas, whose values are "1" and "0";
// "true" and "false" are taken too (Windows's conversion of a string to a boolean takes them, and
// a modder writes them), and any other integer as C would.
bool CvHostXmlDocument::value(bool* pbOut) const
{
	std::string s;
	if (!pbOut || !loaded() || !m_pImpl->numberText(s, "a boolean"))
	{
		return false;
	}
	const std::string sLower = lowerAscii(s);
	long long i = 0;
	if (sLower == "true" || sLower == "false")
	{
		*pbOut = sLower == "true";
		return true;
	}
	if (parseInteger(s, LLONG_MIN, LLONG_MAX, i))
	{
		*pbOut = i != 0;
		return true;
	}
	m_pImpl->notANumber(s, "a boolean (1 or 0)");
	return false;
}

// An empty element or a text that is not a number leaves the core's default (every GetXmlVal sets
// it before the call) and is told to the sink. What MSXML answered for an empty int is not known;
// MNAI's and AdvCiv's reads check GetLastNodeTextSize first to keep the default, which is what a
// modder expects. No fraction is rounded: an int typed element with "1.5" fails the game's schema.
bool CvHostXmlDocument::value(int* piOut) const
{
	std::string s;
	long long i = 0;
	if (!piOut || !loaded() || !m_pImpl->numberText(s, "an integer"))
	{
		return false;
	}
	if (!parseInteger(s, INT_MIN, INT_MAX, i))
	{
		m_pImpl->notANumber(s, "an integer");
		return false;
	}
	*piOut = static_cast<int>(i);
	return true;
}

bool CvHostXmlDocument::value(unsigned int* puiOut) const
{
	std::string s;
	long long i = 0;
	if (!puiOut || !loaded() || !m_pImpl->numberText(s, "an unsigned integer"))
	{
		return false;
	}
	if (!parseInteger(s, 0, UINT_MAX, i))
	{
		m_pImpl->notANumber(s, "an unsigned integer");
		return false;
	}
	*puiOut = static_cast<unsigned int>(i);
	return true;
}

// The game's floats are untyped in its schemas (fDefineFloatVal, fScale...): read from the text.
bool CvHostXmlDocument::value(float* pfOut) const
{
	std::string s;
	if (!pfOut || !loaded() || !m_pImpl->numberText(s, "a number"))
	{
		return false;
	}
	if (!parseFloat(s, *pfOut))
	{
		m_pImpl->notANumber(s, "a number");
		return false;
	}
	return true;
}

// --- writing: not supported ------------------------------------------------------------------------

bool CvHostXmlDocument::unsupported(const char* szCall)
{
	Impl& k = *m_pImpl;
	if (k.iUnsupported++ == 0)
	{
		k.report(k.sFile + ": " + (szCall ? szCall : "a call")
			+ " is not supported: the host reads XML, it does not write it (further such calls are counted)");
	}
	return false;
}

int CvHostXmlDocument::unsupportedCalls() const { return m_pImpl->iUnsupported; }
