#pragma once
// JSON in: what the host program (tools/host, a tree's own core run on Linux) prints about a save
// or a tree's XML, read back by the library. A small strict reader (RFC 8259): objects keep their
// members' order, numbers are whole numbers or doubles, strings are UTF-8 with every escape
// (\uXXXX pairs included). Nesting deeper than 200 and text after the value are errors.
//
// Access throws JsonError naming where: "units[3].x: not a number", so that a consumer needs no
// check of its own for each member it reads.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cvv {

class JsonError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

class JsonValue
{
public:
	enum class Kind { Null, Bool, Number, String, Array, Object };

	Kind kind() const { return m_eKind; }
	bool isNull() const { return m_eKind == Kind::Null; }

	bool boolean() const;
	long long integer() const; // a whole number (a double with a fraction throws)
	int integer32() const; // a whole number that fits an int
	double number() const;
	const std::string& string() const;
	const std::vector<JsonValue>& array() const;
	const std::vector<std::pair<std::string, JsonValue>>& object() const;

	// The member of an object: throws when it is missing; find() gives null for that.
	const JsonValue& operator[](const std::string& sName) const;
	const JsonValue* find(const std::string& sName) const;
	bool has(const std::string& sName) const { return find(sName) != nullptr; }

	// Where this value is, for messages: "units[3].x".
	const std::string& path() const { return m_sPath; }

private:
	friend class JsonParser;
	[[noreturn]] void fail(const char* szWanted) const;

	Kind m_eKind = Kind::Null;
	bool m_bBool = false;
	bool m_bWhole = false;
	long long m_llWhole = 0;
	double m_dNumber = 0;
	std::string m_sString;
	std::vector<JsonValue> m_aArray;
	std::vector<std::pair<std::string, JsonValue>> m_aObject;
	std::string m_sPath;
};

// Throws JsonError "WHERE: line L, column C: what is wrong"; sWhere names the text (a program, a file).
JsonValue parseJson(const std::string& sText, const std::string& sWhere);

} // namespace cvv
