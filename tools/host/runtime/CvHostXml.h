// The game executable's XML parser (its FXml, over MSXML) for a core run by the host: one loaded
// document and its cursor, the "last located node" that every call of the core's XML interface
// (CvDLLXmlIFaceBase) reads or moves; CvHostXmlIFace.h forwards that interface here. Over rapidxml
// (header-only, so that the 32-bit host needs no i386 library). Tree-independent (no header of a
// CvGameCoreDLL). C++14, for the 32-bit host (clang in MSVC mode) and the 64-bit tests (g++);
// nothing is thrown out of it but std::bad_alloc, and it keeps no global state.
//
// What the core reads, and how (each choice is argued where it is implemented, CvHostXml.cpp,
// from the calls of BTS 3.19's CvXMLLoadUtility*.cpp and CvInfos.cpp):
//   nodes: the cursor stops at elements, comments and text (character data and CDATA sections
//     that are not white space alone), and at the document itself, where a load leaves it; the
//     XML declaration, processing instructions and a DOCTYPE are not nodes. Counts
//     (GetNumChildren, GetNumSiblings, NumOf...ByTagName) count elements only;
//   paths (LocateNode, NumOfElementsByTagName): "Civ4Defines/Define", element names joined by
//     '/', from the document; NumOfElementsByTagName counts the matches anywhere in the document;
//   values: an element's text is the text of its descendants, without the white space that leads
//     and trails it; the narrow getters give it in Windows code page 1252 (the game's "ANSI"),
//     the wide ones as Unicode (UTF-32, or UTF-16 where wchar_t has 2 bytes);
//   files: the encoding of the prolog (UTF-8, the default, or ISO-8859-1, read as its superset
//     Windows-1252, as Windows editors write it; also US-ASCII and UTF-16 with a byte order mark);
//   types: GetLastLocatedNodeType reads the XDR schema the root element names
//     (xmlns="x-schema:CIV4UnitSchema.xml"): an element's dt:type ("int", "boolean"), or "".
//
// Problems (a file not found, XML that does not parse, a value that is not a number) are told to
// the error sink as one line each, "FILE:LINE:COLUMN: what" (or "FILE:LINE:", "FILE:" where no
// more is known), and the call answers false. One is told and tolerated: bytes that are not UTF-8
// in a file read as UTF-8 are read as Windows-1252 (mods ship such files, and the game loads them).
#ifndef CVHOST_XML_H
#define CVHOST_XML_H

#include <functional>
#include <string>

// The file on disk the game would open for a path as the core gives it ("xml\\GlobalDefines.xml",
// backslashes, any case), searched in the game's order (the mod's Assets, then those of Beyond the
// Sword, Warlords and the base game); empty when there is none.
typedef std::function<std::string(const std::string& sRequested)> CvHostXmlResolver;
// Takes one message per problem, whole and without a trailing newline.
typedef std::function<void(const std::string& sMessage)> CvHostXmlErrorSink;

// The element types of the XDR schemas read so far (name -> dt:type), by schema file on disk: a
// schema is parsed once however many documents name it (the game's FXmlSchemaCache).
class CvHostXmlSchemaCache
{
public:
	CvHostXmlSchemaCache();
	~CvHostXmlSchemaCache();
	CvHostXmlSchemaCache(const CvHostXmlSchemaCache&) = delete;
	CvHostXmlSchemaCache& operator=(const CvHostXmlSchemaCache&) = delete;

	int schemasRead() const; // files parsed, for the tests

	struct Impl;
	Impl* impl() const { return m_pImpl; }

private:
	Impl* m_pImpl;
};

class CvHostXmlDocument
{
public:
	// kReport may be empty (the messages are then only kept for lastError()).
	explicit CvHostXmlDocument(const CvHostXmlErrorSink& kReport = CvHostXmlErrorSink());
	~CvHostXmlDocument();
	CvHostXmlDocument(const CvHostXmlDocument&) = delete;
	CvHostXmlDocument& operator=(const CvHostXmlDocument&) = delete;

	// LoadXml: the file kResolve finds for sRequested, and the schema its root element names
	// (looked for beside sRequested through kResolve, then beside the file), kept in pSchemas (null:
	// read for this document alone). On failure the document is empty and false is answered.
	bool loadFile(const std::string& sRequested, const CvHostXmlResolver& kResolve, CvHostXmlSchemaCache* pSchemas);
	// A document from bytes in memory, named sName in messages; no schema is read (every type is "").
	bool loadBytes(const std::string& sBytes, const std::string& sName);
	bool loaded() const;
	// The disk file of the last load (loadBytes: its name).
	const std::string& fileName() const;
	// The last message told to the sink; "" if none since the last load.
	const std::string& lastError() const;

	// The cursor. Each move answers false and leaves the cursor where it was when there is no such
	// node (or no document).
	bool locateNode(const char* szPath); // LocateNode: the first element of the path, from the document
	bool locateFirstSiblingByTagName(
		const char* szName); // the first element so named among the cursor's parent's children
	bool locateNextSiblingByTagName(const char* szName); // the next element so named after the cursor
	bool nextSibling(); // the next node (element, comment or text)
	bool prevSibling();
	bool setToChild(); // the first child node (a comment or text too)
	bool setToChildByTagName(const char* szName); // the first child element so named
	bool setToParent(); // from the root element to the document; false from the document

	// What is at the cursor.
	bool isComment() const;
	// "Define" for an element; "#comment", "#text", "#cdata-section", "#document" for the others.
	bool tagName(char* szOut) const;
	// The element's dt:type in the document's schema ("int", "boolean"), or "" (no type, no schema,
	// not an element): answers true whenever there is a document.
	bool nodeType(char* szOut) const;
	std::string nodeType() const;
	int numChildren() const; // child elements
	int numSiblings() const; // elements among the parent's children, the cursor's node not counted
	int numChildrenByTagName(const char* szName) const; // child elements so named
	int numElementsByTagName(const char* szPath) const; // elements anywhere that end the path

	// The node's text (an element's: its descendants' text, without leading and trailing white space).
	// The narrow forms give code page 1252 (a character it lacks becomes '?'), the buffers must be
	// large enough (as with the game: the core gives no size); textSize() is the narrow text's
	// length without the terminator. The number forms leave the value alone and answer false when
	// the text is empty or not a number (which the sink is told, with the line).
	int textSize() const;
	bool text(std::string& sOut) const;
	bool text(std::wstring& szOut) const;
	bool text(char* szOut) const;
	bool text(wchar_t* szOut) const;
	bool value(bool* pbOut) const; // "1"/"0", "true"/"false" (any case), or an integer (not 0: true)
	bool value(int* piOut) const; // a decimal integer, optionally signed
	bool value(unsigned int* puiOut) const; // a decimal integer, not negative
	bool value(float* pfOut) const; // a decimal number ("0.5", "-1e-3"), '.' whatever the locale

	// The writing half of the interface (AddChildNode, WriteXml, the "inserted node" calls), which
	// no core's loading uses: not supported. Each such call answers false (or 0), is counted, and
	// the first of each document is told to the sink.
	bool unsupported(const char* szCall);
	int unsupportedCalls() const;

	struct Impl;

private:
	Impl* m_pImpl;
};

#endif
