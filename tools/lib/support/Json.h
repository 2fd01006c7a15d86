#pragma once
// JSON out: string escaping and a small writer, for every JSON the host code prints or embeds
// (cvvision's --format json, civ2huts list --format json, the data of render's HTML page).
//
// The writer puts the separators; the caller chooses the layout: Spaced (", " and ": ", as
// cvvision prints) or Compact ("," and ":"), and where an item starts on a new line
// (nextOnNewLine). Numbers are whole numbers; strings are UTF-8 bytes passed through, with '"',
// '\\' and the control characters escaped (\u00XX), and with JsonEscape::Script also '<', '>' and
// '&', so that nothing in the text can close an HTML <script> element.
#include <string>
#include <vector>

namespace cvv {

enum class JsonEscape { Plain, Script };

// sText as a JSON string, quotes included.
std::string jsonString(const std::string& sText, JsonEscape eEscape = JsonEscape::Plain);

class JsonWriter
{
public:
	enum class Layout {
		Spaced, // {"a": 1, "b": [1, 2]}
		Compact // {"a":1,"b":[1,2]}
	};

	explicit JsonWriter(Layout eLayout = Layout::Spaced, JsonEscape eEscape = JsonEscape::Plain);

	JsonWriter& beginObject();
	JsonWriter& beginArray();
	// Closes the innermost object or array; sBefore goes before its bracket (e.g. "\n").
	JsonWriter& end(const std::string& sBefore = "");
	// In an object: the next member's name (its value follows).
	JsonWriter& key(const std::string& sName);
	JsonWriter& string(const std::string& sValue);
	JsonWriter& number(long long llValue);
	JsonWriter& boolean(bool bValue);
	JsonWriter& null();
	// Text that is already JSON (one value), written as it is.
	JsonWriter& raw(const std::string& sJson);
	// The next item (a member or an array element) starts on a new line, after sIndent; its comma,
	// if any, ends the line before.
	JsonWriter& nextOnNewLine(const std::string& sIndent = "");

	// What was written so far. Throws std::logic_error while an object or array is open.
	const std::string& str() const;

private:
	struct Open
	{
		bool bObject;
		bool bHasItems;
	};

	void beforeItem();
	void beforeValue();

	Layout m_eLayout;
	JsonEscape m_eEscape;
	std::string m_sOut;
	std::vector<Open> m_aOpen;
	bool m_bAfterKey = false;
	bool m_bNewLine = false;
	std::string m_sIndent;
};

// [1,2,3] (Compact) or [1, 2, 3] (Spaced): any whole numbers (bool as 0 and 1).
template <class T>
std::string jsonNumbers(const std::vector<T>& aValues, JsonWriter::Layout eLayout = JsonWriter::Layout::Compact)
{
	JsonWriter kWriter(eLayout);
	kWriter.beginArray();
	for (const T& kValue : aValues)
	{
		kWriter.number(static_cast<long long>(kValue));
	}
	return kWriter.end().str();
}

// ["a","b"] (Compact) or ["a", "b"] (Spaced).
std::string jsonStrings(const std::vector<std::string>& asValues,
	JsonWriter::Layout eLayout = JsonWriter::Layout::Compact, JsonEscape eEscape = JsonEscape::Plain);

} // namespace cvv
