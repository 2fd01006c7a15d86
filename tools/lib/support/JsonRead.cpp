#include "support/JsonRead.h"

#include <cerrno>
#include <cmath>
#include <climits>
#include <cstdlib>

namespace cvv {

namespace {

const int kMaxDepth = 200;

std::string describe(JsonValue::Kind eKind)
{
	switch (eKind)
	{
	case JsonValue::Kind::Null: return "null";
	case JsonValue::Kind::Bool: return "a boolean";
	case JsonValue::Kind::Number: return "a number";
	case JsonValue::Kind::String: return "a string";
	case JsonValue::Kind::Array: return "an array";
	case JsonValue::Kind::Object: return "an object";
	}
	return "?";
}

void appendUtf8(std::string& sOut, unsigned int uCode)
{
	if (uCode < 0x80)
	{
		sOut += static_cast<char>(uCode);
	}
	else if (uCode < 0x800)
	{
		sOut += static_cast<char>(0xC0 | (uCode >> 6));
		sOut += static_cast<char>(0x80 | (uCode & 0x3F));
	}
	else if (uCode < 0x10000)
	{
		sOut += static_cast<char>(0xE0 | (uCode >> 12));
		sOut += static_cast<char>(0x80 | ((uCode >> 6) & 0x3F));
		sOut += static_cast<char>(0x80 | (uCode & 0x3F));
	}
	else
	{
		sOut += static_cast<char>(0xF0 | (uCode >> 18));
		sOut += static_cast<char>(0x80 | ((uCode >> 12) & 0x3F));
		sOut += static_cast<char>(0x80 | ((uCode >> 6) & 0x3F));
		sOut += static_cast<char>(0x80 | (uCode & 0x3F));
	}
}

} // namespace

class JsonParser
{
public:
	JsonParser(const std::string& sText, const std::string& sWhere) : m_sText(sText), m_sWhere(sWhere) {}

	JsonValue parseAll()
	{
		JsonValue kValue = parseValue("", 0);
		skipSpace();
		if (m_iAt != m_sText.size())
		{
			fail("text after the value");
		}
		return kValue;
	}

private:
	[[noreturn]] void fail(const std::string& sWhat) const
	{
		size_t iLine = 1, iColumn = 1;
		for (size_t i = 0; i < m_iAt && i < m_sText.size(); ++i)
		{
			if (m_sText[i] == '\n')
			{
				++iLine;
				iColumn = 1;
			}
			else
			{
				++iColumn;
			}
		}
		throw JsonError(
			m_sWhere + ": line " + std::to_string(iLine) + ", column " + std::to_string(iColumn) + ": " + sWhat);
	}

	void skipSpace()
	{
		while (m_iAt < m_sText.size()
			&& (m_sText[m_iAt] == ' ' || m_sText[m_iAt] == '\n' || m_sText[m_iAt] == '\r' || m_sText[m_iAt] == '\t'))
		{
			++m_iAt;
		}
	}

	bool take(const char* szWord)
	{
		size_t n = std::char_traits<char>::length(szWord);
		if (m_sText.compare(m_iAt, n, szWord) == 0)
		{
			m_iAt += n;
			return true;
		}
		return false;
	}

	JsonValue parseValue(const std::string& sPath, int iDepth)
	{
		if (iDepth > kMaxDepth)
		{
			fail("nested deeper than " + std::to_string(kMaxDepth));
		}
		skipSpace();
		JsonValue kValue;
		kValue.m_sPath = sPath.empty() ? "(top)" : sPath;
		if (m_iAt >= m_sText.size())
		{
			fail("the text ends where a value should be");
		}
		char c = m_sText[m_iAt];
		if (c == '{')
		{
			parseObject(kValue, sPath, iDepth);
		}
		else if (c == '[')
		{
			parseArray(kValue, sPath, iDepth);
		}
		else if (c == '"')
		{
			kValue.m_eKind = JsonValue::Kind::String;
			kValue.m_sString = parseString();
		}
		else if (take("true") || take("false"))
		{
			kValue.m_eKind = JsonValue::Kind::Bool;
			kValue.m_bBool = m_sText[m_iAt - 1] == 'e' && m_sText[m_iAt - 2] == 'u';
		}
		else if (take("null"))
		{
			kValue.m_eKind = JsonValue::Kind::Null;
		}
		else if (c == '-' || (c >= '0' && c <= '9'))
		{
			parseNumber(kValue);
		}
		else
		{
			fail(std::string("unexpected character '") + c + "'");
		}
		return kValue;
	}

	void parseObject(JsonValue& kValue, const std::string& sPath, int iDepth)
	{
		kValue.m_eKind = JsonValue::Kind::Object;
		++m_iAt;
		skipSpace();
		if (m_iAt < m_sText.size() && m_sText[m_iAt] == '}')
		{
			++m_iAt;
			return;
		}
		for (;;)
		{
			skipSpace();
			if (m_iAt >= m_sText.size() || m_sText[m_iAt] != '"')
			{
				fail("a member's name should be here");
			}
			std::string sName = parseString();
			skipSpace();
			if (m_iAt >= m_sText.size() || m_sText[m_iAt] != ':')
			{
				fail("':' should follow the member's name");
			}
			++m_iAt;
			kValue.m_aObject.emplace_back(sName, parseValue(sPath.empty() ? sName : sPath + "." + sName, iDepth + 1));
			skipSpace();
			if (m_iAt < m_sText.size() && m_sText[m_iAt] == ',')
			{
				++m_iAt;
				continue;
			}
			if (m_iAt < m_sText.size() && m_sText[m_iAt] == '}')
			{
				++m_iAt;
				return;
			}
			fail("',' or '}' should be here");
		}
	}

	void parseArray(JsonValue& kValue, const std::string& sPath, int iDepth)
	{
		kValue.m_eKind = JsonValue::Kind::Array;
		++m_iAt;
		skipSpace();
		if (m_iAt < m_sText.size() && m_sText[m_iAt] == ']')
		{
			++m_iAt;
			return;
		}
		for (;;)
		{
			std::string sItem = (sPath.empty() ? "(top)" : sPath) + "[" + std::to_string(kValue.m_aArray.size()) + "]";
			kValue.m_aArray.push_back(parseValue(sItem, iDepth + 1));
			skipSpace();
			if (m_iAt < m_sText.size() && m_sText[m_iAt] == ',')
			{
				++m_iAt;
				continue;
			}
			if (m_iAt < m_sText.size() && m_sText[m_iAt] == ']')
			{
				++m_iAt;
				return;
			}
			fail("',' or ']' should be here");
		}
	}

	unsigned int parseHex4()
	{
		if (m_iAt + 4 > m_sText.size())
		{
			fail("\\u needs four hex digits");
		}
		unsigned int uCode = 0;
		for (int i = 0; i < 4; ++i)
		{
			char h = m_sText[m_iAt++];
			uCode <<= 4;
			if (h >= '0' && h <= '9')
				uCode |= static_cast<unsigned int>(h - '0');
			else if (h >= 'a' && h <= 'f')
				uCode |= static_cast<unsigned int>(h - 'a' + 10);
			else if (h >= 'A' && h <= 'F')
				uCode |= static_cast<unsigned int>(h - 'A' + 10);
			else
				fail("\\u needs four hex digits");
		}
		return uCode;
	}

	std::string parseString()
	{
		++m_iAt; // the opening quote
		std::string sOut;
		for (;;)
		{
			if (m_iAt >= m_sText.size())
			{
				fail("the text ends inside a string");
			}
			unsigned char c = static_cast<unsigned char>(m_sText[m_iAt++]);
			if (c == '"')
			{
				return sOut;
			}
			if (c < 0x20)
			{
				fail("a control character inside a string");
			}
			if (c != '\\')
			{
				sOut += static_cast<char>(c);
				continue;
			}
			if (m_iAt >= m_sText.size())
			{
				fail("the text ends inside a string");
			}
			char e = m_sText[m_iAt++];
			switch (e)
			{
			case '"': sOut += '"'; break;
			case '\\': sOut += '\\'; break;
			case '/': sOut += '/'; break;
			case 'b': sOut += '\b'; break;
			case 'f': sOut += '\f'; break;
			case 'n': sOut += '\n'; break;
			case 'r': sOut += '\r'; break;
			case 't': sOut += '\t'; break;
			case 'u':
			{
				unsigned int uCode = parseHex4();
				if (uCode >= 0xD800 && uCode < 0xDC00 && m_sText.compare(m_iAt, 2, "\\u") == 0)
				{
					m_iAt += 2;
					unsigned int uLow = parseHex4();
					if (uLow < 0xDC00 || uLow >= 0xE000)
					{
						fail("a high surrogate without its low one");
					}
					uCode = 0x10000 + ((uCode - 0xD800) << 10) + (uLow - 0xDC00);
				}
				appendUtf8(sOut, uCode);
				break;
			}
			default: fail(std::string("unknown escape \\") + e);
			}
		}
	}

	void parseNumber(JsonValue& kValue)
	{
		size_t iStart = m_iAt;
		if (m_sText[m_iAt] == '-') ++m_iAt;
		bool bWhole = true;
		auto digits = [this]() {
			size_t iFrom = m_iAt;
			while (m_iAt < m_sText.size() && m_sText[m_iAt] >= '0' && m_sText[m_iAt] <= '9') ++m_iAt;
			if (m_iAt == iFrom) fail("a digit should be here");
		};
		digits();
		if (m_iAt < m_sText.size() && m_sText[m_iAt] == '.')
		{
			++m_iAt;
			bWhole = false;
			digits();
		}
		if (m_iAt < m_sText.size() && (m_sText[m_iAt] == 'e' || m_sText[m_iAt] == 'E'))
		{
			++m_iAt;
			bWhole = false;
			if (m_iAt < m_sText.size() && (m_sText[m_iAt] == '+' || m_sText[m_iAt] == '-')) ++m_iAt;
			digits();
		}
		std::string sNumber = m_sText.substr(iStart, m_iAt - iStart);
		kValue.m_eKind = JsonValue::Kind::Number;
		kValue.m_dNumber = std::strtod(sNumber.c_str(), nullptr);
		if (bWhole)
		{
			errno = 0;
			long long llValue = std::strtoll(sNumber.c_str(), nullptr, 10);
			if (errno != ERANGE)
			{
				kValue.m_bWhole = true;
				kValue.m_llWhole = llValue;
			}
		}
	}

	const std::string& m_sText;
	const std::string& m_sWhere;
	size_t m_iAt = 0;
};

void JsonValue::fail(const char* szWanted) const
{
	throw JsonError(m_sPath + ": " + describe(m_eKind) + " where " + szWanted + " was expected");
}

bool JsonValue::boolean() const
{
	if (m_eKind != Kind::Bool) fail("a boolean");
	return m_bBool;
}

long long JsonValue::integer() const
{
	if (m_eKind != Kind::Number) fail("a whole number");
	if (!m_bWhole)
	{
		if (std::floor(m_dNumber) != m_dNumber || std::fabs(m_dNumber) > 9.0e15) fail("a whole number");
		return static_cast<long long>(m_dNumber);
	}
	return m_llWhole;
}

int JsonValue::integer32() const
{
	long long llValue = integer();
	if (llValue < INT_MIN || llValue > INT_MAX)
		throw JsonError(m_sPath + ": " + std::to_string(llValue) + " is too large");
	return static_cast<int>(llValue);
}

double JsonValue::number() const
{
	if (m_eKind != Kind::Number) fail("a number");
	return m_dNumber;
}

const std::string& JsonValue::string() const
{
	if (m_eKind != Kind::String) fail("a string");
	return m_sString;
}

const std::vector<JsonValue>& JsonValue::array() const
{
	if (m_eKind != Kind::Array) fail("an array");
	return m_aArray;
}

const std::vector<std::pair<std::string, JsonValue>>& JsonValue::object() const
{
	if (m_eKind != Kind::Object) fail("an object");
	return m_aObject;
}

const JsonValue* JsonValue::find(const std::string& sName) const
{
	for (const auto& kMember : object())
	{
		if (kMember.first == sName) return &kMember.second;
	}
	return nullptr;
}

const JsonValue& JsonValue::operator[](const std::string& sName) const
{
	const JsonValue* pFound = find(sName);
	if (!pFound) throw JsonError(m_sPath + ": no member \"" + sName + "\"");
	return *pFound;
}

JsonValue parseJson(const std::string& sText, const std::string& sWhere)
{
	return JsonParser(sText, sWhere).parseAll();
}

} // namespace cvv
