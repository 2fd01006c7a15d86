// The running program's function names (CvHostSymbols.h): its ELF symbol table read from
// /proc/self/exe, shifted by the load address dl_iterate_phdr gives for the program itself.
#include "CvHostSymbols.h"

#include <cxxabi.h>
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>

namespace {

std::vector<unsigned char> readProgram()
{
	std::vector<unsigned char> a;
	FILE* f = fopen("/proc/self/exe", "rb");
	if (!f) return a;
	unsigned char buffer[65536];
	size_t n;
	while ((n = fread(buffer, 1, sizeof(buffer), f)) > 0) a.insert(a.end(), buffer, buffer + n);
	fclose(f);
	return a;
}

// The section headers' symbol tables of one ELF class (Elf32_* or Elf64_* types).
template <class Ehdr, class Shdr, class Sym, int SymType(unsigned char)>
void readSymbols(const std::vector<unsigned char>& a,
	std::vector<std::pair<unsigned long long, std::pair<unsigned long long, std::string>>>& out)
{
	if (a.size() < sizeof(Ehdr)) return;
	Ehdr e;
	memcpy(&e, a.data(), sizeof(e));
	if (e.e_shentsize != sizeof(Shdr) || e.e_shoff == 0
		|| e.e_shoff + (unsigned long long)e.e_shnum * sizeof(Shdr) > a.size())
		return;
	std::vector<Shdr> sections(e.e_shnum);
	memcpy(sections.data(), a.data() + e.e_shoff, e.e_shnum * sizeof(Shdr));
	for (const Shdr& s : sections)
	{
		if (s.sh_type != SHT_SYMTAB || s.sh_link >= sections.size() || s.sh_entsize != sizeof(Sym)) continue;
		const Shdr& strings = sections[s.sh_link];
		if (s.sh_offset + s.sh_size > a.size() || strings.sh_offset + strings.sh_size > a.size()) continue;
		for (unsigned long long i = 0; i + 1 <= s.sh_size / sizeof(Sym); ++i)
		{
			Sym y;
			memcpy(&y, a.data() + s.sh_offset + i * sizeof(Sym), sizeof(y));
			if (SymType(y.st_info) != STT_FUNC || y.st_value == 0 || y.st_name >= strings.sh_size) continue;
			const char* name = reinterpret_cast<const char*>(a.data() + strings.sh_offset + y.st_name);
			size_t length = strnlen(name, strings.sh_size - y.st_name);
			out.push_back(std::make_pair((unsigned long long)y.st_value,
				std::make_pair((unsigned long long)y.st_size, std::string(name, length))));
		}
	}
}

int type32(unsigned char info) { return ELF32_ST_TYPE(info); }
int type64(unsigned char info) { return ELF64_ST_TYPE(info); }

int firstObject(struct dl_phdr_info* info, size_t, void* data)
{
	*static_cast<unsigned long long*>(data) = info->dlpi_addr;
	return 1; // the first object is the program itself
}

} // namespace

CvHostSymbols::CvHostSymbols() : m_bias(0)
{
	std::vector<unsigned char> a = readProgram();
	if (a.size() < EI_NIDENT || memcmp(a.data(), ELFMAG, SELFMAG) != 0) return;
	std::vector<std::pair<unsigned long long, std::pair<unsigned long long, std::string>>> found;
	if (a[EI_CLASS] == ELFCLASS32)
		readSymbols<Elf32_Ehdr, Elf32_Shdr, Elf32_Sym, type32>(a, found);
	else
		readSymbols<Elf64_Ehdr, Elf64_Shdr, Elf64_Sym, type64>(a, found);
	std::sort(found.begin(), found.end());
	for (const auto& f : found) m_functions.push_back(Function{ f.first, f.second.first, f.second.second });
	dl_iterate_phdr(firstObject, &m_bias);
}

const CvHostSymbols& CvHostSymbols::instance()
{
	static const CvHostSymbols* symbols = new CvHostSymbols(); // lives as long as the process
	return *symbols;
}

std::string CvHostSymbols::name(const void* address) const
{
	unsigned long long at = (unsigned long long)(size_t)address - m_bias;
	auto after = std::upper_bound(m_functions.begin(), m_functions.end(), at,
		[](unsigned long long a, const Function& f) { return a < f.start; });
	if (after == m_functions.begin()) return "";
	const Function& f = *(after - 1);
	if (at >= f.start + std::max(f.size, 1ULL)) return "";
	int status = 0;
	char* demangled = abi::__cxa_demangle(f.mangled.c_str(), NULL, NULL, &status);
	std::string s = status == 0 && demangled ? demangled : f.mangled;
	free(demangled);
	return s;
}

std::string cvHostFunctionName(const std::string& sDemangled)
{
	// The parameter list is the last top-level parenthesis group (a name may hold "(anonymous
	// namespace)" or an operator()).
	int depth = 0;
	for (size_t i = sDemangled.size(); i-- > 0;)
	{
		char c = sDemangled[i];
		if (c == ')')
			++depth;
		else if (c == '(' && --depth == 0)
			return sDemangled.substr(0, i);
	}
	return sDemangled;
}

std::vector<std::string> cvHostCallers(int iFrames)
{
	std::vector<void*> frames(iFrames + 2);
	int n = backtrace(frames.data(), iFrames + 2);
	std::vector<std::string> names;
	const CvHostSymbols& symbols = CvHostSymbols::instance();
	for (int i = 0; i < n; ++i)
	{
		// A return address is the instruction after the call: look one byte back, inside the call.
		std::string s = symbols.name(static_cast<char*>(frames[i]) - 1);
		names.push_back(s.empty() ? "?" : cvHostFunctionName(s));
	}
	// The frames from this function's caller on: frame 0 is this function, or, under
	// AddressSanitizer, whose backtrace() is its own, the sanitizer's frame before it.
	std::vector<std::string>::iterator self = std::find(names.begin(), names.end(), "cvHostCallers");
	names.erase(names.begin(), self == names.end() ? names.begin() + (n > 0 ? 1 : 0) : self + 1);
	if (names.size() > size_t(iFrames)) names.resize(size_t(iFrames));
	return names;
}
