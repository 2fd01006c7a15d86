// libFuzzer target: a tagged save stream as RoM-AND writes it (formats/TaggedSaveStream.h). The
// input is the stream's bytes: read element by element to its end, then again through the wrapper's
// reads by name (objects, each value read in the form of its type, class values remapped with the
// saved type names' order reversed), as a read() of the game would take it.
// Its seeds are made-up streams of the tests' writer (tests/lib/formats/TaggedSaveWriter.h), which
// this program writes when CVVISION_FUZZ_TAGGED_SEEDS names a folder (tests/fuzz/run.sh).
#include "formats/TaggedSaveStream.h"
#include "TaggedSaveWriter.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace cvv;
using cvv::test::TaggedSaveWriter;

namespace {

void writeSeeds(const std::filesystem::path& kFolder)
{
	std::vector<std::pair<std::string, TaggedSaveWriter>> aSeeds;
	{
		TaggedSaveWriter w;
		w.startObject("CvInitCore::write");
		w.value("CvInitCore::m_svnRev", TaggedType::Int, 1234);
		w.array("CvInitCore::(int*)m_aeSlotStatus", TaggedType::IntArray, { 0, 1, 2, 3 });
		w.array("CvInitCore::m_abPlayableCiv", TaggedType::BoolArray, { 1, 0, 1, 0 });
		w.str("CvInitCore::m_szGameName", TaggedType::StdWString, u"Game");
		w.strs("CvInitCore::m_aszLeaderName", TaggedType::WStringArray, { u"A", u"B" });
		w.endObject();
		aSeeds.emplace_back("scalars-arrays-strings", w);
	}
	{
		TaggedSaveWriter w;
		w.classMap(2, { "UNIT_A", "UNIT_B", "UNIT_C" });
		w.classMap(22, { "BUILD_X", "BUILD_Y" });
		w.startObject("CvUnit::write");
		w.classEnum("CvUnit::m_eUnitType", 2, 1);
		w.classArray("CvUnit::m_aiUnitCount", 2, false, { 5, 0, 7 });
		w.classArray("CvUnit::m_abHas", 2, true, { 1, 0, 1 });
		w.classEnumArray("CvUnit::m_aeBuilds", 22, { 1, -1 }, 2);
		w.classEnumArray("CvUnit::m_aeMore", 22, { 0, 1 }, 4);
		w.endObject();
		aSeeds.emplace_back("class-maps", w);
	}
	{
		TaggedSaveWriter w;
		w.startObject("CvGame::write");
		w.value("CvGame::m_iTurn", TaggedType::Int, 7);
		w.startObject("CvRandom::write");
		w.value("CvRandom::m_ulRandomSeed", TaggedType::ULong, 99);
		w.endObject();
		w.value("CvGame::m_c", TaggedType::Char, -1);
		w.value("CvGame::m_us", TaggedType::UShort, 65535);
		w.real("CvGame::m_f", TaggedType::Float, 0.5);
		w.real("CvGame::m_d", TaggedType::Double, 2);
		w.reals("CvGame::m_ad", TaggedType::DoubleArray, { 1, 2 });
		w.array("CvGame::m_as", TaggedType::ShortArray, { -1, 1 });
		w.endObject();
		w.i32(3); // a raw value between objects
		aSeeds.emplace_back("nested", w);
	}
	for (const auto& [sName, w] : aSeeds)
	{
		std::ofstream kOut(kFolder / (sName + ".tagged"), std::ios::binary);
		kOut.write(reinterpret_cast<const char*>(w.aBytes.data()), static_cast<std::streamsize>(w.aBytes.size()));
		if (!kOut)
		{
			std::perror("fuzz_tagged: writing a seed");
			std::abort();
		}
	}
}

struct Seen
{
	std::string sName;
	TaggedType eType;
	int32_t iClassType;
	int iCount;
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
	if (const char* sz = std::getenv("CVVISION_FUZZ_TAGGED_SEEDS"))
	{
		writeSeeds(sz);
		std::exit(0);
	}
	return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* pData, size_t uSize)
{
	// 1. Element by element.
	std::vector<Seen> aSeen;
	try
	{
		TaggedMemorySource kSource(pData, uSize);
		TaggedSaveStream kStream(kSource);
		for (;;)
		{
			const TaggedElement k = kStream.next();
			if (k.eKind == TaggedElement::Kind::End) break;
			if (k.eKind != TaggedElement::Kind::Value || aSeen.size() >= 256) continue;
			const size_t n = k.aiValues.size() + k.adValues.size() + k.aszStrings.size();
			aSeen.push_back(Seen{ k.sName, k.eType, k.iClassType, static_cast<int>(n) });
		}
	}
	catch (const TaggedSaveError&)
	{}
	// 2. The wrapper's reads of what the walk saw, object after object.
	try
	{
		TaggedMemorySource kSource(pData, uSize);
		TaggedSaveStream kStream(kSource);
		kStream.setTypeLookup([&kStream](int32_t iClass, const std::string& sType) {
			const std::vector<std::string>* p = kStream.classTable(iClass);
			if (!p) return -1;
			// a type whose name has an odd length is one the game no longer has
			if (sType.size() % 2) return -1;
			for (size_t i = 0; i < p->size(); ++i)
				if ((*p)[i] == sType) return static_cast<int>(p->size() - 1 - i);
			return -1;
		});
		for (int iObject = 0; iObject < 32 && !kStream.atEnd(); ++iObject)
		{
			kStream.readStartObject("Fuzz::read");
			// each third object reads the other forms: skips, raw arrays read as class arrays, arrays of
			// class enums indexed by a class, missing types not allowed
			const bool bOther = iObject % 3 == 1;
			for (const Seen& k : aSeen)
			{
				if (bOther)
				{
					std::vector<long long> a;
					long long i = 0;
					if (k.eType == TaggedType::IntArray || k.eType == TaggedType::BoolArray)
						kStream.readClassArray(k.sName, 0, k.eType == TaggedType::BoolArray, k.iCount + 1, a);
					else if (k.eType == TaggedType::ClassBoolArray)
						kStream.readClassArrayOfClassEnum(k.sName, k.iClassType, 0, k.iCount, a);
					else if (k.eType == TaggedType::ClassEnum)
						kStream.readClassEnum(k.sName, k.iClassType, i);
					else
						kStream.skip(k.sName, (k.iCount & 1) ? std::nullopt : std::optional<TaggedType>(k.eType));
					continue;
				}
				long long i = 0;
				double d = 0;
				std::vector<long long> ai;
				std::vector<double> ad;
				std::u16string s;
				std::vector<std::u16string> as;
				switch (k.eType)
				{
				case TaggedType::Float:
				case TaggedType::Double: kStream.readValue(k.sName, k.eType, d); break;
				case TaggedType::FloatArray:
				case TaggedType::DoubleArray: kStream.readArray(k.sName, k.eType, k.iCount, ad); break;
				case TaggedType::WStringArray:
				case TaggedType::StringArray: kStream.readStrings(k.sName, k.eType, k.iCount, as); break;
				case TaggedType::ClassEnum: kStream.readClassEnum(k.sName, k.iClassType, i, true); break;
				case TaggedType::ClassIntArray:
				case TaggedType::ClassBoolArray:
					kStream.readClassArray(
						k.sName, k.iClassType, k.eType == TaggedType::ClassBoolArray, k.iCount, ai, true);
					break;
				case TaggedType::ClassEnumArray:
					kStream.readClassEnumArray(k.sName, k.iClassType, k.iCount, (k.iCount & 1) ? 2 : 4, ai, true);
					break;
				default:
					if (taggedIsString(k.eType))
						kStream.readString(k.sName, k.eType, s);
					else if (taggedIsArray(k.eType))
						kStream.readArray(k.sName, k.eType, k.iCount, ai, true);
					else
						kStream.readValue(k.sName, k.eType, i);
				}
			}
			kStream.readEndObject();
		}
	}
	catch (const TaggedSaveError&)
	{}
	return 0;
}
