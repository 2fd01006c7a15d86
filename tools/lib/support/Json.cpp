// See Json.h.
#include "support/Json.h"

#include <cstdio>
#include <stdexcept>

namespace cvv {

std::string jsonString(const std::string& sText, JsonEscape eEscape)
{
	std::string sOut = "\"";
	for (const char c : sText)
	{
		const unsigned char u = static_cast<unsigned char>(c);
		if (c == '"' || c == '\\')
		{
			sOut += '\\';
			sOut += c;
		}
		else if (u < 0x20 || (eEscape == JsonEscape::Script && (c == '<' || c == '>' || c == '&')))
		{
			char szEscape[8];
			std::snprintf(szEscape, sizeof(szEscape), "\\u%04x", u);
			sOut += szEscape;
		}
		else
		{
			sOut += c;
		}
	}
	return sOut + "\"";
}

JsonWriter::JsonWriter(Layout eLayout, JsonEscape eEscape) : m_eLayout(eLayout), m_eEscape(eEscape) {}

void JsonWriter::beforeItem()
{
	if (m_aOpen.empty())
	{
		if (!m_sOut.empty())
		{
			throw std::logic_error("JsonWriter: a second value at the top level");
		}
	}
	else
	{
		Open& kOpen = m_aOpen.back();
		if (kOpen.bHasItems)
		{
			m_sOut += m_bNewLine || m_eLayout == Layout::Compact ? "," : ", ";
		}
		kOpen.bHasItems = true;
	}
	if (m_bNewLine)
	{
		m_sOut += "\n" + m_sIndent;
		m_bNewLine = false;
	}
}

void JsonWriter::beforeValue()
{
	if (m_bAfterKey)
	{
		m_bAfterKey = false;
		return;
	}
	if (!m_aOpen.empty() && m_aOpen.back().bObject)
	{
		throw std::logic_error("JsonWriter: a value in an object needs its key first");
	}
	beforeItem();
}

JsonWriter& JsonWriter::beginObject()
{
	beforeValue();
	m_sOut += '{';
	m_aOpen.push_back(Open{ true, false });
	return *this;
}

JsonWriter& JsonWriter::beginArray()
{
	beforeValue();
	m_sOut += '[';
	m_aOpen.push_back(Open{ false, false });
	return *this;
}

JsonWriter& JsonWriter::end(const std::string& sBefore)
{
	if (m_aOpen.empty() || m_bAfterKey)
	{
		throw std::logic_error(
			m_bAfterKey ? "JsonWriter: a key without its value" : "JsonWriter: end() with nothing open");
	}
	m_sOut += sBefore;
	m_sOut += m_aOpen.back().bObject ? '}' : ']';
	m_aOpen.pop_back();
	m_bNewLine = false;
	return *this;
}

JsonWriter& JsonWriter::key(const std::string& sName)
{
	if (m_aOpen.empty() || !m_aOpen.back().bObject || m_bAfterKey)
	{
		throw std::logic_error("JsonWriter: key '" + sName + "' outside an object or after a key");
	}
	beforeItem();
	m_sOut += jsonString(sName, m_eEscape) + (m_eLayout == Layout::Compact ? ":" : ": ");
	m_bAfterKey = true;
	return *this;
}

JsonWriter& JsonWriter::string(const std::string& sValue) { return raw(jsonString(sValue, m_eEscape)); }

JsonWriter& JsonWriter::number(long long llValue) { return raw(std::to_string(llValue)); }

JsonWriter& JsonWriter::boolean(bool bValue) { return raw(bValue ? "true" : "false"); }

JsonWriter& JsonWriter::null() { return raw("null"); }

JsonWriter& JsonWriter::raw(const std::string& sJson)
{
	beforeValue();
	m_sOut += sJson;
	return *this;
}

JsonWriter& JsonWriter::nextOnNewLine(const std::string& sIndent)
{
	m_bNewLine = true;
	m_sIndent = sIndent;
	return *this;
}

const std::string& JsonWriter::str() const
{
	if (!m_aOpen.empty())
	{
		throw std::logic_error("JsonWriter: an object or array is still open");
	}
	return m_sOut;
}

std::string jsonStrings(const std::vector<std::string>& asValues, JsonWriter::Layout eLayout, JsonEscape eEscape)
{
	JsonWriter kWriter(eLayout, eEscape);
	kWriter.beginArray();
	for (const std::string& sValue : asValues)
	{
		kWriter.string(sValue);
	}
	return kWriter.end().str();
}

} // namespace cvv
