// The stand-ins' call counts (CvHostStubs.h).
#include "CvHostStubs.h"

std::map<std::string, int>& cvHostStubCalls()
{
	static std::map<std::string, int>* calls = new std::map<std::string, int>();
	return *calls;
}
