// A tree's read() functions run over made-up data (formats/SaveLayout.h, exerciseLayout): the
// constructs the static walk of save-layout accepts but a real read could still stop at (a value
// the deriver cannot evaluate, a call it cannot follow), found without a save of the mod.
#include "formats/SaveLayout.h"
#include "formats/TaggedLayout.h"

#include <deque>

namespace cvv {

namespace {

// The made-up data ran out: the read goes on for longer than an object of the game could.
struct DataRanOut
{};

bool namesFlag(const std::string& sWhat)
{
	return sWhat.size() >= 4
		&& (sWhat.compare(sWhat.size() - 4, 4, "Flag") == 0 || sWhat.compare(sWhat.size() - 4, 4, "flag") == 0);
}

// Bytes in which every 32-bit word (and so every int, count and length read) is one value, and
// every version flag another.
class MadeUpStream : public LayoutStream
{
public:
	MadeUpStream(const MadeUpData& kData, size_t iBudget) : m_kData(kData), m_iLeft(iBudget) {}
	const unsigned char* take(size_t iBytes, const std::string& sWhat) override
	{
		if (iBytes > m_iLeft) throw DataRanOut();
		m_iLeft -= iBytes;
		const unsigned int uValue = static_cast<unsigned int>(namesFlag(sWhat) ? m_kData.iFlag : m_kData.iValue);
		std::vector<unsigned char>& a = m_aTaken.emplace_back(iBytes);
		for (size_t i = 0; i < iBytes; ++i) a[i] = static_cast<unsigned char>((uValue >> (8 * (i % 4))) & 0xFF);
		return a.data();
	}
	size_t left() const override { return m_iLeft; }
	void setWhere(const LayoutWhere*) override {}
	[[noreturn]] void fail(const std::string&) override { throw DataRanOut(); }
	bool wantsNames() const override { return true; }
	bool madeUp() const override { return true; }

private:
	MadeUpData m_kData;
	size_t m_iLeft;
	std::deque<std::vector<unsigned char>> m_aTaken; // what take() returned stays valid
};

} // namespace

std::vector<LayoutExercise> exerciseLayout(
	const SaveLayout& kLayout, const LayoutCounts& fCounts, const std::vector<MadeUpData>& aData, size_t iBudget)
{
	std::vector<LayoutExercise> aOut;
	for (const MadeUpData& kData : aData)
	{
		LayoutExercise k;
		k.kData = kData;
		LayoutRecord kInit, kGame, kMap;
		// a tagged wrapper's state from one root object to the next, as in a save
		TaggedLayoutState kTagged;
		auto readOne = [&](const std::string& sClass, LayoutRecord& kOut, LayoutGlobals kGlobals) {
			k.sClass = sClass;
			MadeUpStream kStream(kData, iBudget);
			kGlobals.pTagged = &kTagged;
			try
			{
				kLayout.read(sClass, kStream, fCounts, kOut, kGlobals);
			}
			catch (const DataRanOut&)
			{
				++k.iRanOut;
				// an element cut short: the next object starts a made-up tagged stream of its own
				kTagged.reset(kTagged.tagged());
			}
			k.iBytes += static_cast<long long>(iBudget - kStream.left());
			++k.iObjects;
		};
		try
		{
			readOne(kLayoutRoots[kRootInit], kInit, LayoutGlobals());
			readOne(kLayoutRoots[kRootGame], kGame, LayoutGlobals{ nullptr, nullptr, &kInit });
			readOne(kLayoutRoots[kRootMap], kMap, LayoutGlobals{ &kGame, nullptr, &kInit });
			// one team and one player: the data is the same for each, and so is its read
			LayoutRecord kTeam, kPlayer;
			readOne(kLayoutRoots[kRootTeam], kTeam, LayoutGlobals{ &kGame, &kMap, &kInit });
			readOne(kLayoutRoots[kRootPlayer], kPlayer, LayoutGlobals{ &kGame, &kMap, &kInit });
			k.sClass.clear();
		}
		catch (const std::exception& kError)
		{
			k.sError = kError.what();
		}
		aOut.push_back(k);
	}
	return aOut;
}

} // namespace cvv
