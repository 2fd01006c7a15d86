// The reads of a tree's tagged save wrapper (RoM-AND's CvTaggedSaveFormatWrapper; docs/file-formats.md,
// 3.3.1) as the save-layout deriver runs them (formats/SaveLayout.h): a read() that attaches the
// wrapper to its stream reads its values by name through it. TaggedLayoutState is the wrapper's
// state across a save's objects (its singleton: whether the save is tagged, the dictionary, the
// class-mapping tables, the element read ahead); read() runs one of the wrapper's reads over the
// object's stream:
//  * tagged: through TaggedSaveStream, the element taken by name, or the caller's value kept;
//  * untagged (a save written without the tagged format): the wrapper's plain reads of the stream;
//  * over made-up data (LayoutStream::madeUp): a made-up tagged element that answers the read is
//    written first (its values the made-up stream's word for the name), then read back.
#pragma once

#include "formats/SaveLayout.h"
#include "formats/TaggedSaveStream.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cvv {

// One read of the wrapper, from its call.
struct TaggedRead
{
	enum Form {
		StartObject,
		EndObject,
		Value, // eType a scalar type
		Array, // eType an array type; iCount
		String, // eType a string type
		StringArray, // eType StringArray or WStringArray; iCount
		ClassEnum, // iClassType; iWidth of the caller's variable (2 or 4)
		ClassArray, // iClassType; bBools; iCount
		ClassEnumArray, // iClassType; iCount; iWidth
		ClassArrayOfClassEnum, // iClassType (index), iValueClassType; iCount
		Skip, // eSkipType (nullopt: any)
	};
	Form eForm = Value;
	std::string sName; // as the call names it ("CvPlot::&m_iX")
	TaggedType eType = TaggedType::Int;
	std::optional<TaggedType> eSkipType;
	long long iCount = 1;
	int iWidth = 4;
	int32_t iClassType = -1;
	int32_t iValueClassType = -1;
	bool bBools = false;
	bool bAllowMissing = false;
	bool bAllowTruncation = false;
};

// What a read gave: the element positions it set (reals as their raw bits, as the deriver keeps
// them) or its strings (their characters' low bytes).
struct TaggedReadResult
{
	bool bFound = false;
	std::vector<std::pair<size_t, long long>> aSet;
	std::vector<std::string> aszStrings;
};

class TaggedLayoutState
{
public:
	TaggedLayoutState();
	~TaggedLayoutState();
	TaggedLayoutState(const TaggedLayoutState&) = delete;
	TaggedLayoutState& operator=(const TaggedLayoutState&) = delete;

	// reset(bTagged): a new load, tagged or not; everything read before is forgotten.
	void reset(bool bTagged);
	bool tagged() const { return m_bTagged; }
	// AttachToStream: the reads that follow take their bytes from kStream.
	void attach(LayoutStream& kStream);
	bool attached() const { return m_pStream != nullptr; }
	// The number of types of a class type the save's table holds (getNumClassEnumValues); -1 untagged.
	// Over made-up data the table is first made as large as the made-up word for it (every count
	// is the made-up value).
	int classCount(int32_t iClassType);
	// A saved index of a class type as the current one (getNewClassEnumValue); untagged, the same.
	long long remap(int32_t iClassType, long long iOld, bool bAllowMissing);
	TaggedReadResult read(const TaggedRead& k);
	const TaggedSaveStream& stream() const;

private:
	class Source;
	void makeUp(const TaggedRead& k);
	void madeUpTable(int32_t iClass, long long iNeed);
	TaggedReadResult plain(const TaggedRead& k);

	bool m_bTagged = false;
	LayoutStream* m_pStream = nullptr;
	std::unique_ptr<Source> m_pSource;
	std::unique_ptr<TaggedSaveStream> m_pTagged;
	std::map<std::string, int> m_kMadeUpIds; // made-up data: the dictionary written so far
	std::map<int32_t, long long> m_kMadeUpTables; // and the class tables' sizes
};

} // namespace cvv
