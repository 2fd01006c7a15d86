// The host's arithmetic of BTS's Python answers (tools/host/runtime/CvHostPythonFormulas.h), printed
// for tests/host/test_python_answers.py, which runs the .py files' own functions on the same values.
//   python_formulas_dump experience LEVEL MODIFIER
//   python_formulas_dump score RAW INITIAL MAX FACTOR EXPONENTIAL FINAL VICTORY ESTIMATE_END TURN HANDICAP
//        FREE_PCT VICTORY_PCT HANDICAP_OFFSET HANDICAP_PER
//   python_formulas_dump capture BASE POPULATION PER_POP RAND1 RAND2 MAX_TURNS TURNS
//   python_formulas_dump pillage RAND1 RAND2 PILLAGE_CHANGE
#include "CvHostPythonFormulas.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv)
{
	if (argc < 2) return 2;
	auto n = [&](int i) { return std::atoll(argv[i]); };
	using namespace cvhost_python;
	if (!std::strcmp(argv[1], "experience") && argc == 4)
		std::printf("%lld\n", experienceNeeded(n(2), n(3)));
	else if (!std::strcmp(argv[1], "score") && argc == 16)
	{
		ScoreGame g{ n(9), n(10), n(11), n(12), n(13), n(14), n(15) };
		std::printf("%lld\n", scoreComponent(g, n(2), n(3), n(4), n(5), n(6) != 0, n(7) != 0, n(8) != 0));
	}
	else if (!std::strcmp(argv[1], "capture") && argc == 9)
		std::printf("%lld\n", cityCaptureGold(n(2), n(3), n(4), n(5), n(6), n(7), n(8)));
	else if (!std::strcmp(argv[1], "pillage") && argc == 5)
		std::printf("%lld\n", pillageGold(n(2), n(3), n(4)));
	else
		return 2;
	return 0;
}
