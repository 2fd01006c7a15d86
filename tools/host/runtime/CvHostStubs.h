// What the generated stand-ins of the executable's interfaces (CvHostStubs.generated.h, made by
// tools/host/cvhost/stubs.py from the tree's headers) answer and count.
//
// Each stand-in method answers its type's default: nothing for void, 0, false or NULL for the
// built-in types and pointers, a default-constructed object (an empty string) for a class, and a
// reference to one default object per type for a reference. Each counts its calls under its
// declaration, so that a run can say which of the executable's methods the core reached
// (cvHostStubCalls).
#pragma once

#include <map>
#include <string>
#include <type_traits>

// The calls counted so far, by the stand-in's declaration ("CvDLLEngineIFaceBase::AutoSave(bool)").
std::map<std::string, int>& cvHostStubCalls();

struct CvHostStubCounter
{
	explicit CvHostStubCounter(const char* name) : count(cvHostStubCalls()[name]) {}
	int& count;
};

#define CVHOST_STUB_CALL(name)                                                                                         \
	do {                                                                                                               \
		static CvHostStubCounter cvHostCounter(name);                                                                  \
		++cvHostCounter.count;                                                                                         \
	} while (0)

template <class T>
struct CvHostDefault
{
	static T get() { return T(); }
};
template <class T>
struct CvHostDefault<T&>
{
	static T& get()
	{
		static typename std::remove_const<T>::type value;
		return value;
	}
};
template <>
struct CvHostDefault<void>
{
	static void get() {}
};
