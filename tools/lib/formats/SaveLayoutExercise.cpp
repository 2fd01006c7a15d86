// A tree's read() functions run over made-up data (formats/SaveLayout.h, exerciseLayout): the
// constructs the static walk of save-layout accepts but a real read could still stop at (a value
// the deriver cannot evaluate, a call it cannot follow), found without a save of the mod.
#include "formats/SaveLayout.h"

#include <deque>

namespace cvv {

namespace {

// The made-up data ran out: the read goes on for longer than an object of the game could.
struct DataRanOut
{};

// Bytes in which every 32-bit word (and so every int, flag, count and length read) is one value.
class MadeUpStream : public LayoutStream
{
public:
	MadeUpStream(int iValue, size_t iBudget) : m_iValue(iValue), m_iLeft(iBudget) {}
	const unsigned char* take(size_t iBytes, const std::string&) override
	{
		if (iBytes > m_iLeft) throw DataRanOut();
		m_iLeft -= iBytes;
		std::vector<unsigned char>& a = m_aTaken.emplace_back(iBytes);
		for (size_t i = 0; i < iBytes; ++i)
			a[i] = static_cast<unsigned char>((static_cast<unsigned int>(m_iValue) >> (8 * (i % 4))) & 0xFF);
		return a.data();
	}
	size_t left() const override { return m_iLeft; }
	void setWhere(const LayoutWhere*) override {}
	[[noreturn]] void fail(const std::string&) override { throw DataRanOut(); }

private:
	int m_iValue;
	size_t m_iLeft;
	std::deque<std::vector<unsigned char>> m_aTaken; // what take() returned stays valid
};

const size_t kBudgetPerObject = size_t(8) << 20;

} // namespace

std::vector<LayoutExercise> exerciseLayout(
	const SaveLayout& kLayout, const LayoutCounts& fCounts, const std::vector<int>& aiValues)
{
	std::vector<LayoutExercise> aOut;
	for (int iValue : aiValues)
	{
		LayoutExercise k;
		k.iValue = iValue;
		LayoutRecord kGame, kMap;
		auto readOne = [&](const std::string& sClass, LayoutRecord& kOut, const LayoutGlobals& kGlobals) {
			k.sClass = sClass;
			MadeUpStream kStream(iValue, kBudgetPerObject);
			try
			{
				kLayout.read(sClass, kStream, fCounts, kOut, kGlobals);
			}
			catch (const DataRanOut&)
			{
				++k.iRanOut;
			}
			k.iBytes += static_cast<long long>(kBudgetPerObject - kStream.left());
			++k.iObjects;
		};
		try
		{
			LayoutRecord kInit;
			readOne("CvInitCore", kInit, LayoutGlobals());
			readOne("CvGameAI", kGame, LayoutGlobals());
			readOne("CvMap", kMap, LayoutGlobals{ &kGame, nullptr });
			// one team and one player: the data is the same for each, and so is its read
			LayoutRecord kTeam, kPlayer;
			readOne("CvTeamAI", kTeam, LayoutGlobals{ &kGame, &kMap });
			readOne("CvPlayerAI", kPlayer, LayoutGlobals{ &kGame, &kMap });
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
