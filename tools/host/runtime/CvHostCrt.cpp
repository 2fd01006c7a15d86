// Visual C++'s run-time functions that glibc lacks or reads otherwise (include/CvHostCrt.h).
#include "CvHostCrt.h"

#include <ctype.h>
#include <stdlib.h>
#include <unistd.h>
#include <wctype.h>

#include <string>

const wchar_t* cvHostWideFormat(const wchar_t* format)
{
	// MSVC's wide printf: %s and %c are wide, %S and %C narrow; glibc's: %ls and %lc are wide, %s
	// and %c narrow. Flags, width, precision and length stay as they are.
	static thread_local std::wstring rewritten;
	rewritten.clear();
	for (const wchar_t* p = format; *p; ++p)
	{
		rewritten += *p;
		if (*p != L'%') continue;
		++p;
		if (*p == L'%')
		{
			rewritten += *p;
			continue;
		}
		while (*p && wcschr(L"-+ #0123456789.*", *p)) rewritten += *p++;
		bool hasLength = false;
		while (*p && wcschr(L"hlLqjzt", *p))
		{
			hasLength = true;
			rewritten += *p++;
		}
		if (!*p) break;
		if (!hasLength && (*p == L's' || *p == L'c'))
		{
			rewritten += L'l';
			rewritten += *p;
		}
		else if (!hasLength && *p == L'S')
		{
			rewritten += L's';
		}
		else if (!hasLength && *p == L'C')
		{
			rewritten += L'c';
		}
		else
		{
			rewritten += *p;
		}
	}
	return rewritten.c_str();
}

int cvHostWcsicmp(const wchar_t* a, const wchar_t* b)
{
	for (;; ++a, ++b)
	{
		wint_t ca = towlower(*a), cb = towlower(*b);
		if (ca != cb) return ca < cb ? -1 : 1;
		if (!ca) return 0;
	}
}

int cvHostWcsnicmp(const wchar_t* a, const wchar_t* b, size_t n)
{
	for (; n; --n, ++a, ++b)
	{
		wint_t ca = towlower(*a), cb = towlower(*b);
		if (ca != cb) return ca < cb ? -1 : 1;
		if (!ca) return 0;
	}
	return 0;
}

int cvHostWtoi(const wchar_t* s) { return (int)wcstol(s, NULL, 10); }

double cvHostWtof(const wchar_t* s) { return wcstod(s, NULL); }

template <class Char>
static Char* formatInteger(int value, Char* out, int radix)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	if (radix < 2 || radix > 36)
	{
		out[0] = 0;
		return out;
	}
	// MSVC's _itoa: negative only in base 10; other bases show the two's complement.
	bool negative = radix == 10 && value < 0;
	unsigned int rest = negative ? 0u - (unsigned int)value : (unsigned int)value;
	Char reversed[40];
	int n = 0;
	do {
		reversed[n++] = (Char)digits[rest % radix];
		rest /= radix;
	} while (rest);
	int i = 0;
	if (negative) out[i++] = (Char)'-';
	while (n) out[i++] = reversed[--n];
	out[i] = 0;
	return out;
}

char* cvHostItoa(int value, char* out, int radix) { return formatInteger(value, out, radix); }

wchar_t* cvHostItow(int value, wchar_t* out, int radix) { return formatInteger(value, out, radix); }

char* cvHostStrlwr(char* s)
{
	for (char* p = s; *p; ++p) *p = (char)tolower((unsigned char)*p);
	return s;
}

char* cvHostStrupr(char* s)
{
	for (char* p = s; *p; ++p) *p = (char)toupper((unsigned char)*p);
	return s;
}

wchar_t* cvHostWcslwr(wchar_t* s)
{
	for (wchar_t* p = s; *p; ++p) *p = (wchar_t)towlower(*p);
	return s;
}

wchar_t* cvHostWcsupr(wchar_t* s)
{
	for (wchar_t* p = s; *p; ++p) *p = (wchar_t)towupper(*p);
	return s;
}

char* cvHostProgramPath(void)
{
	static char path[4096];
	if (!path[0])
	{
		ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
		path[n > 0 ? n : 0] = 0;
	}
	return path;
}
