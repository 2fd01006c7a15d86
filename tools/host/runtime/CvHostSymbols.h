// The host program's own function names, for saying which of the core's functions wrote a byte
// (read-save's round trip): the running program's symbol table (/proc/self/exe, which the host's
// link leaves unstripped), its load address (the program is position-independent), and
// __cxa_demangle. Tree-independent; 32-bit and 64-bit ELF.
//
//     CvHostSymbols& k = cvHostSymbols();
//     std::string s = k.name(address);          // "CvGame::write(FDataStreamBase*)", or "" unknown
//     std::vector<std::string> a = cvHostCallers(8);   // the calling functions, innermost first
//
// Nothing is thrown: a program whose table cannot be read names nothing ("").
#pragma once

#include <string>
#include <vector>

class CvHostSymbols
{
public:
	// The function holding a code address of the running program ("" when none does).
	std::string name(const void* address) const;
	bool loaded() const { return !m_functions.empty(); }

	static const CvHostSymbols& instance();

private:
	CvHostSymbols();
	struct Function
	{
		unsigned long long start;
		unsigned long long size;
		std::string mangled;
	};
	std::vector<Function> m_functions; // by start
	unsigned long long m_bias; // where the program was loaded
};

// The functions on the stack of the calling thread, innermost first, the caller of
// cvHostCallers first; at most iFrames. Demangled names without their parameters
// ("CvGame::write"); "?" for a frame no symbol covers.
std::vector<std::string> cvHostCallers(int iFrames);

// A demangled name without its parameter list and qualifiers ("CvGame::write(FDataStreamBase*)"
// gives "CvGame::write").
std::string cvHostFunctionName(const std::string& sDemangled);
