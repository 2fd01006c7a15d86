// A CvGameCoreDLL tree's build settings from its nmake Makefile or Visual Studio project; see
// BuildSettings.h.
#include "formats/BuildSettings.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace cvv {

namespace fs = std::filesystem;

namespace {

// Stands for $(TOOLKIT) and $(PSDK) while a Makefile's macros are expanded: the folders under them
// are whoever builds', not the tree's.
const std::string OURS = "\x01";

std::string lower(std::string s)
{
	std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
	return s;
}

std::string trim(const std::string& s)
{
	const size_t b = s.find_first_not_of(" \t\r\n");
	return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool startsWithCi(const std::string& s, const std::string& sHead) { return lower(s.substr(0, sHead.size())) == sHead; }

std::string readFile(const fs::path& k)
{
	std::ifstream f(k, std::ios::binary);
	if (!f) throw BuildSettingsError(k.string() + ": cannot read the file");
	std::ostringstream o;
	o << f.rdbuf();
	std::string s = o.str();
	if (s.compare(0, 3, "\xEF\xBB\xBF") == 0) s.erase(0, 3);
	s.erase(std::remove(s.begin(), s.end(), '\r'), s.end());
	return s;
}

// The entry sName of kFolder, its case ignored as Windows ignores it.
std::optional<fs::path> findCi(const fs::path& kFolder, const std::string& sName)
{
	std::error_code kError;
	if (fs::exists(kFolder / sName, kError)) return kFolder / sName;
	std::vector<fs::path> aFound;
	for (fs::directory_iterator it(kFolder, kError), e; !kError && it != e; it.increment(kError))
		if (lower(it->path().filename().string()) == lower(sName)) aFound.push_back(it->path());
	std::sort(aFound.begin(), aFound.end());
	return aFound.empty() ? std::nullopt : std::optional<fs::path>(aFound[0]);
}

// A folder whoever builds supplies: the toolkit's, the Platform SDK's, Boost's, Python's.
bool isOurs(const std::string& sPath)
{
	const std::string s = lower(sPath);
	return s.find(OURS) != std::string::npos || s.find("boost") != std::string::npos
		|| s.find("python2") != std::string::npos || trim(s).empty();
}

fs::path resolve(const fs::path& kBase, std::string s)
{
	std::replace(s.begin(), s.end(), '\\', '/');
	std::string sOut = (kBase / s).lexically_normal().string();
	while (sOut.size() > 1 && sOut.back() == '/') sOut.pop_back();
	return sOut;
}

// The words of a flags text, quotes joining and then dropped: /I"a b" is one word, /Ia b.
std::vector<std::string> words(const std::string& s)
{
	std::vector<std::string> aOut;
	std::string sWord;
	bool bQuoted = false, bAny = false;
	for (char c : s)
	{
		if (c == '"')
			bQuoted = !bQuoted, bAny = true;
		else if (!bQuoted && std::isspace(static_cast<unsigned char>(c)))
		{
			if (bAny) aOut.push_back(sWord);
			sWord.clear();
			bAny = false;
		}
		else
			sWord += c, bAny = true;
	}
	if (bAny) aOut.push_back(sWord);
	return aOut;
}

// A list of a project file (a;b;c), without its references to other properties ($(X), %(X)).
std::vector<std::string> split(const std::string& s, const std::string& sSeparators)
{
	std::vector<std::string> aOut;
	std::string sItem;
	for (size_t i = 0; i <= s.size(); ++i)
		if (i == s.size() || sSeparators.find(s[i]) != std::string::npos)
		{
			sItem = trim(sItem);
			if (!sItem.empty() && sItem.compare(0, 2, "$(") != 0 && sItem.compare(0, 2, "%(") != 0)
				aOut.push_back(sItem);
			sItem.clear();
		}
		else if (s[i] != '"')
			sItem += s[i];
	return aOut;
}

void addDefine(BuildSettings& k, const std::string& sText)
{
	const size_t iEq = sText.find('=');
	BuildDefine kDefine{ sText.substr(0, iEq), std::nullopt };
	if (iEq != std::string::npos) kDefine.oValue = sText.substr(iEq + 1);
	if (kDefine.sName.empty()) return;
	for (const BuildDefine& kHave : k.aDefines)
		if (kHave.sName == kDefine.sName) return;
	k.aDefines.push_back(kDefine);
}

template <class T>
void addOnce(std::vector<T>& a, const T& k)
{
	if (std::find(a.begin(), a.end(), k) == a.end()) a.push_back(k);
}

// --- nmake ------------------------------------------------------------------------------------

class Nmake
{
public:
	Nmake(const fs::path& kBase, const std::string& sTarget, const std::map<std::string, std::string>& kCommand)
		: m_kBase(kBase)
	{
		for (const auto& [sName, sValue] : kCommand) m_kMacros[sName] = sValue;
		for (const char* sz : { "TARGET", "TOOLKIT", "PSDK" }) m_kFixed.insert(sz);
		m_kMacros["TARGET"] = sTarget;
		m_kMacros["TOOLKIT"] = m_kMacros["PSDK"] = OURS;
	}

	// sText with its macros replaced: $(X), $(X:old=new), $$; an undefined macro is empty (or, with
	// bKeep, left as written).
	std::string expand(const std::string& sText, bool bKeep = false, int iDepth = 0) const
	{
		std::string sOut;
		for (size_t i = 0; i < sText.size(); ++i)
		{
			if (sOut.size() > (1u << 20)) break; // a macro built on itself over and over: no Makefile's
			if (sText[i] != '$' || i + 1 >= sText.size() || iDepth > 30)
			{
				sOut += sText[i];
				continue;
			}
			if (sText[i + 1] == '$')
			{
				sOut += '$';
				++i;
				continue;
			}
			const size_t iClose = sText.find(')', i);
			if (sText[i + 1] != '(' || iClose == std::string::npos)
			{
				sOut += sText[i];
				continue;
			}
			const std::string sRef = sText.substr(i + 2, iClose - i - 2);
			const size_t iColon = sRef.find(':');
			auto it = m_kMacros.find(sRef.substr(0, iColon));
			std::string sValue = it != m_kMacros.end() ? expand(it->second, bKeep, iDepth + 1)
				: bKeep                                ? sText.substr(i, iClose - i + 1)
													   : std::string();
			const size_t iEq = iColon == std::string::npos ? std::string::npos : sRef.find('=', iColon);
			if (iEq != std::string::npos && iEq > iColon + 1)
			{
				const std::string sOld = sRef.substr(iColon + 1, iEq - iColon - 1), sNew = sRef.substr(iEq + 1);
				for (size_t p = sValue.find(sOld); p != std::string::npos; p = sValue.find(sOld, p + sNew.size()))
					sValue.replace(p, sOld.size(), sNew);
			}
			sOut += sValue;
			i = iClose;
		}
		return sOut;
	}

	// !IFDEF and DEFINED(): a macro defined as nothing is defined, as nmake has it.
	bool defined(const std::string& sName) const { return m_kMacros.count(trim(sName)) != 0; }

	// An !IF expression: || && ! ( ) == != < > <= >=, "strings" (compared regardless of case),
	// numbers, DEFINED(NAME), EXIST(FILE). A program to run ([...]) makes it false: nothing is run.
	bool condition(const std::string& sText) const
	{
		const std::string s = expand(sText);
		if (s.find('[') != std::string::npos) return false;
		Cond k{ this, s, 0, true };
		const Value v = k.orExpr();
		k.skip();
		return k.bOk && k.i == s.size() && v.truth();
	}

	void read(const fs::path& kFile, int iDepth);

	// The flags of the build: CFLAGS (INCS, LIBS, LDFLAGS) as a Makefile 2.x sets them for its
	// TARGET, else Release_CFLAGS... as a Makefile 1.0 has them for its target Release.
	std::string value(const std::string& sName) const
	{
		for (const std::string& sKey : { sName, m_kMacros.at("TARGET") + "_" + sName })
			if (defined(sKey) && !trim(m_kMacros.at(sKey)).empty()) return expand(m_kMacros.at(sKey));
		return std::string();
	}

	fs::path m_kBase; // where nmake runs: the Makefile's folder
	std::map<std::string, std::string> m_kMacros;
	std::set<std::string> m_kFixed; // given on the command line: the Makefile does not change them
	std::vector<fs::path> m_aFiles;
	std::optional<std::string> m_oPsdk, m_oToolkit;

private:
	struct Value
	{
		std::string s;
		bool bNumber = false;
		long long n = 0;
		bool truth() const { return bNumber ? n != 0 : !s.empty(); }
	};
	struct Cond
	{
		const Nmake* p;
		const std::string& s;
		size_t i;
		bool bOk;
		void skip()
		{
			while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
		}
		bool eat(const char* sz)
		{
			skip();
			const std::string sOp = sz;
			if (s.compare(i, sOp.size(), sOp) != 0) return false;
			i += sOp.size();
			return true;
		}
		static Value number(long long n) { return Value{ std::string(), true, n }; }
		Value orExpr()
		{
			Value v = andExpr();
			while (eat("||")) v = number(andExpr().truth() || v.truth());
			return v;
		}
		Value andExpr()
		{
			Value v = compare();
			while (eat("&&")) v = number(compare().truth() && v.truth());
			return v;
		}
		Value compare()
		{
			const Value a = unary();
			for (const char* szOp : { "==", "!=", "<=", ">=", "<", ">" })
				if (eat(szOp))
				{
					const Value b = unary();
					const std::string sOp = szOp;
					const int c = a.bNumber && b.bNumber     ? (a.n < b.n ? -1 : a.n > b.n)
						: lower(a.s).compare(lower(b.s)) < 0 ? -1
															 : lower(a.s) != lower(b.s);
					return number(sOp == "==" ? c == 0
							: sOp == "!="     ? c != 0
							: sOp == "<="     ? c <= 0
							: sOp == ">="     ? c >= 0
							: sOp == "<"      ? c < 0
											  : c > 0);
				}
			return a;
		}
		Value unary()
		{
			if (eat("!")) return number(!unary().truth());
			if (eat("("))
			{
				const Value v = orExpr();
				bOk = bOk && eat(")");
				return v;
			}
			skip();
			if (i < s.size() && s[i] == '"')
			{
				const size_t e = s.find('"', i + 1);
				if (e == std::string::npos) return bOk = false, Value{};
				Value v{ s.substr(i + 1, e - i - 1) };
				i = e + 1;
				return v;
			}
			size_t e = i;
			while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
			const std::string sWord = s.substr(i, e - i);
			i = e;
			if (sWord.empty()) return bOk = false, Value{};
			if (std::isdigit(static_cast<unsigned char>(sWord[0])))
				return number(std::strtoll(sWord.c_str(), nullptr, 0));
			const std::string sUpper = lower(sWord);
			if ((sUpper == "defined" || sUpper == "exist") && eat("("))
			{
				const size_t c = s.find(')', i);
				if (c == std::string::npos) return bOk = false, Value{};
				std::string sArg = trim(s.substr(i, c - i));
				i = c + 1;
				if (sUpper == "defined") return number(p->defined(sArg));
				sArg.erase(std::remove(sArg.begin(), sArg.end(), '"'), sArg.end());
				std::error_code kError;
				return number(!sArg.empty() && fs::exists(resolve(p->m_kBase, sArg), kError));
			}
			return bOk = false, Value{};
		}
	};
};

// The logical lines of a Makefile: a backslash at a line's end joins the next.
std::vector<std::string> logicalLines(const std::string& sText)
{
	std::vector<std::string> aOut;
	std::string sPending;
	std::istringstream o(sText);
	for (std::string sLine; std::getline(o, sLine);)
	{
		if (!sLine.empty() && sLine.back() == '\\')
		{
			sPending += sLine.substr(0, sLine.size() - 1) + " ";
			continue;
		}
		aOut.push_back(sPending + sLine);
		sPending.clear();
	}
	if (!sPending.empty()) aOut.push_back(sPending);
	return aOut;
}

// The line without its comment (# not escaped as ^#), ^# made #.
std::string uncomment(const std::string& s)
{
	std::string sOut;
	for (size_t i = 0; i < s.size(); ++i)
	{
		if (s[i] == '^' && i + 1 < s.size() && s[i + 1] == '#')
			sOut += s[++i];
		else if (s[i] == '#')
			break;
		else
			sOut += s[i];
	}
	return sOut;
}

void Nmake::read(const fs::path& kFile, int iDepth)
{
	std::error_code kError;
	if (iDepth > 8 || !fs::is_regular_file(kFile, kError)) return;
	for (const fs::path& k : m_aFiles)
		if (fs::equivalent(k, kFile, kError)) return;
	m_aFiles.push_back(kFile);
	struct Frame
	{
		bool bTaking, bTaken;
	};
	std::vector<Frame> aStack; // the !IF blocks this file has open
	const auto active = [&] {
		return std::all_of(aStack.begin(), aStack.end(), [](const Frame& f) { return f.bTaking; });
	};
	for (const std::string& sLine : logicalLines(readFile(kFile)))
	{
		const size_t iFirst = sLine.find_first_not_of(" \t");
		const bool bDirective = iFirst == 0 && sLine[0] == '!'; // at the line's start, as nmake has them
		const bool bInclude = !bDirective && startsWithCi(sLine, "include") && sLine.size() > 7
			&& std::isspace(static_cast<unsigned char>(sLine[7])) && sLine.find('=') == std::string::npos;
		std::string sWord, sRest;
		if (bDirective)
		{
			size_t i = sLine.find_first_not_of(" \t", iFirst + 1);
			size_t e = i;
			while (e < sLine.size() && std::isalpha(static_cast<unsigned char>(sLine[e]))) ++e;
			sWord = lower(sLine.substr(i == std::string::npos ? sLine.size() : i, e - i));
			sRest = trim(uncomment(sLine.substr(std::min(e, sLine.size()))));
			if (sWord == "else")
				for (const char* szIf : { "ifndef", "ifdef", "if" })
					if (startsWithCi(sRest, szIf)
						&& (sRest.size() == strlen(szIf)
							|| !std::isalpha(static_cast<unsigned char>(sRest[strlen(szIf)]))))
					{
						sWord += szIf;
						sRest = trim(sRest.substr(strlen(szIf)));
						break;
					}
		}
		else if (bInclude)
			sWord = "include", sRest = trim(uncomment(sLine.substr(8)));
		const auto test = [&](const std::string& sKind) {
			return sKind == "if" ? condition(sRest) : defined(sRest) == (sKind == "ifdef");
		};
		if (sWord == "if" || sWord == "ifdef" || sWord == "ifndef")
		{
			const bool b = active() && test(sWord);
			aStack.push_back({ b, b || !active() });
			continue;
		}
		if (sWord.compare(0, 4, "else") == 0 && !aStack.empty())
		{
			Frame& f = aStack.back();
			const bool b = !f.bTaken && (sWord == "else" || test(sWord.substr(4)));
			f.bTaking = b;
			f.bTaken = f.bTaken || b;
			continue;
		}
		if (sWord == "endif")
		{
			if (!aStack.empty()) aStack.pop_back();
			continue;
		}
		if (!active()) continue;
		if (sWord == "include")
		{
			std::string sName = trim(expand(sRest));
			if (sName.size() > 1 && (sName[0] == '<' || sName[0] == '"')) sName = sName.substr(1, sName.size() - 2);
			std::replace(sName.begin(), sName.end(), '\\', '/');
			const fs::path kHere = kFile.parent_path() / sName;
			read(fs::exists(kHere, kError) ? kHere : m_kBase / sName, iDepth + 1);
			continue;
		}
		if (sWord == "undef" && !m_kFixed.count(sRest)) m_kMacros.erase(sRest);
		if (bDirective || iFirst != 0) continue; // another directive, or a command of a rule
		const std::string s = uncomment(sLine);
		size_t e = 0;
		while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
		const size_t iEq = s.find_first_not_of(" \t", e);
		if (e == 0 || std::isdigit(static_cast<unsigned char>(s[0])) || iEq == std::string::npos || s[iEq] != '=')
			continue;
		const std::string sName = s.substr(0, e);
		std::string sValue = trim(s.substr(iEq + 1));
		if (sName == "PSDK" || sName == "TOOLKIT")
		{
			std::optional<std::string>& o = sName == "PSDK" ? m_oPsdk : m_oToolkit;
			o = trim(expand(sValue, true));
			if (o->empty()) o.reset();
		}
		if (m_kFixed.count(sName)) continue;
		const std::string sSelf = "$(" + sName + ")";
		for (size_t p = sValue.find(sSelf); p != std::string::npos; p = sValue.find(sSelf, p))
		{
			const std::string sOld = m_kMacros.count(sName) ? m_kMacros[sName] : std::string();
			sValue.replace(p, sSelf.size(), sOld);
			p += sOld.size();
		}
		m_kMacros[sName] = sValue;
	}
}

BuildSettings readMakefile(
	const fs::path& kFile, const std::string& sTarget, const std::map<std::string, std::string>& kCommand = {})
{
	const fs::path kBase = fs::absolute(kFile).parent_path();
	Nmake k(kBase, sTarget, kCommand);
	k.read(fs::absolute(kFile), 0);
	BuildSettings kOut;
	kOut.kSource = fs::absolute(kFile);
	kOut.sKind = "makefile";
	kOut.sConfiguration = sTarget;
	kOut.aFiles = k.m_aFiles;
	kOut.oPsdk = k.m_oPsdk;
	kOut.oToolkit = k.m_oToolkit;
	std::vector<std::string> aCompile = words(k.value("CFLAGS") + " " + k.value("INCS"));
	for (size_t i = 0; i < aCompile.size(); ++i)
	{
		const std::string& w = aCompile[i];
		const std::string sFlag = w.size() >= 2 && (w[0] == '/' || w[0] == '-') ? w.substr(1, 1) : std::string();
		if (sFlag != "D" && sFlag != "I") continue;
		const std::string sArg = w.size() > 2 ? w.substr(2) : i + 1 < aCompile.size() ? aCompile[++i] : std::string();
		if (sFlag == "D")
			addDefine(kOut, sArg);
		else if (!isOurs(sArg))
			addOnce(kOut.aIncludes, resolve(kBase, sArg));
	}
	for (const std::string& w : words(k.value("LIBS") + " " + k.value("LDFLAGS")))
	{
		if (w.size() < 2) continue;
		const std::string sUpper = lower(w);
		if (sUpper.compare(1, 8, "libpath:") == 0 && (w[0] == '/' || w[0] == '-'))
		{
			if (!isOurs(w.substr(9))) addOnce(kOut.aLibDirs, resolve(kBase, w.substr(9)));
		}
		else if (sUpper.compare(1, 4, "def:") == 0 && (w[0] == '/' || w[0] == '-'))
			kOut.oDefFile = resolve(kBase, w.substr(5));
		else if (sUpper.size() > 4 && sUpper.compare(sUpper.size() - 4, 4, ".lib") == 0 && w[0] != '/' && w[0] != '-')
			addOnce(kOut.aLibs, w);
	}
	return kOut;
}

// The Makefile and target an NMake project's build command runs (nmake [/f FILE] [NAME=VALUE]
// TARGET..., after `set NAME=VALUE` and `cd DIR` lines), read; none when it runs no nmake or the
// Makefile is not there.
std::optional<BuildSettings> readNmakeCommand(const std::string& sCommand, fs::path kFolder, const std::string& sWant)
{
	std::string s = sCommand;
	for (size_t p = s.find("&&"); p != std::string::npos; p = s.find("&&", p)) s.replace(p, 2, "\n");
	// the project's own macros (the solution taken to be beside it)
	for (const auto& [sName, sValue] : { std::pair<std::string, std::string>{ "$(projectdir)", kFolder.string() + "/" },
			 { "$(solutiondir)", kFolder.string() + "/" }, { "$(msbuildprojectdirectory)", kFolder.string() },
			 { "$(configurationname)", sWant }, { "$(configuration)", sWant } })
		for (size_t p = lower(s).find(sName); p != std::string::npos; p = lower(s).find(sName, p + sValue.size()))
			s.replace(p, sName.size(), sValue);
	std::map<std::string, std::string> kMacros;
	std::istringstream o(s);
	for (std::string sLine; std::getline(o, sLine);)
	{
		const std::vector<std::string> aWords = words(sLine);
		if (aWords.empty()) continue;
		const std::string sProgram = lower(aWords[0].substr(aWords[0].find_last_of("\\/") + 1));
		if ((sProgram == "set" || sProgram == "cd" || sProgram == "pushd") && aWords.size() > 1)
		{
			const std::string sArg = aWords.back();
			if (sProgram != "set")
				kFolder = resolve(kFolder, sArg);
			else if (sArg.find('=') != std::string::npos)
				kMacros[sArg.substr(0, sArg.find('='))] = sArg.substr(sArg.find('=') + 1);
			continue;
		}
		if (sProgram.compare(0, 5, "nmake") != 0 && sProgram.compare(0, 3, "jom") != 0) continue;
		std::string sFile = "Makefile", sTarget;
		for (size_t i = 1; i < aWords.size(); ++i)
		{
			const std::string& w = aWords[i];
			if ((w[0] == '/' || w[0] == '-') && w.size() > 1 && std::tolower(static_cast<unsigned char>(w[1])) == 'f')
				sFile = w.size() > 2 ? w.substr(2) : i + 1 < aWords.size() ? aWords[++i] : sFile;
			else if (w.find('=') != std::string::npos)
				kMacros[w.substr(0, w.find('='))] = w.substr(w.find('=') + 1);
			else if (w[0] != '/' && w[0] != '-' && w[0] != '@' && sTarget.empty() && !findCi(kFolder, w))
			{
				const std::string sLower = lower(w);
				if (sLower != "all" && sLower != "dll" && sLower != "build"
					&& sLower.find("clean") == std::string::npos)
					sTarget = w;
			}
		}
		if (kMacros.count("TARGET")) sTarget = kMacros["TARGET"];
		const std::optional<fs::path> oFile = findCi(kFolder, sFile);
		if (!oFile || fs::is_directory(*oFile)) return std::nullopt;
		return readMakefile(*oFile, sTarget.empty() ? sWant : sTarget, kMacros);
	}
	return std::nullopt;
}

// The configuration name among aNames (NAME|PLATFORM) to read: "Release" (or "Debug"), else the
// first that has the word in its name; empty if none.
std::string chooseConfiguration(const std::vector<std::string>& aNames, bool bDebug)
{
	const std::string sWant = bDebug ? "debug" : "release";
	for (const std::string& s : aNames)
		if (lower(s.substr(0, s.find('|'))) == sWant) return s;
	for (const std::string& s : aNames)
		if (lower(s.substr(0, s.find('|'))).find(sWant) != std::string::npos) return s;
	return std::string();
}

const char* text(const tinyxml2::XMLElement* p) { return p && p->GetText() ? p->GetText() : ""; }

void setProjectLists(BuildSettings& k, const fs::path& kBase, const std::string& sDefines, const std::string& sIncludes,
	const std::string& sLibs, const std::string& sLibDirs, const std::string& sDef, bool bCommas)
{
	for (const std::string& s : split(sDefines, bCommas ? ";," : ";")) addDefine(k, s);
	for (const std::string& s : split(sIncludes, bCommas ? ";," : ";"))
		if (!isOurs(s)) addOnce(k.aIncludes, resolve(kBase, s));
	for (const std::string& s : split(sLibs, " ;"))
		if (s.size() > 4 && lower(s.substr(s.size() - 4)) == ".lib") addOnce(k.aLibs, s);
	for (const std::string& s : split(sLibDirs, bCommas ? ";," : ";"))
		if (!isOurs(s)) addOnce(k.aLibDirs, resolve(kBase, s));
	if (!trim(sDef).empty()) k.oDefFile = resolve(kBase, trim(sDef));
}

// A Makefile project read through the Makefile it runs: the settings say where they came from.
BuildSettings throughMakefile(BuildSettings kMake, const fs::path& kProject)
{
	kMake.aFiles.insert(kMake.aFiles.begin(), kProject);
	return kMake;
}

BuildSettings readVcproj(const fs::path& kFile, const tinyxml2::XMLDocument& kDoc, bool bDebug)
{
	BuildSettings kOut;
	kOut.kSource = kFile;
	kOut.sKind = "vcproj";
	kOut.aFiles = { kFile };
	const tinyxml2::XMLElement* pRoot = kDoc.RootElement();
	const tinyxml2::XMLElement* pConfigs = pRoot ? pRoot->FirstChildElement("Configurations") : nullptr;
	std::vector<std::string> aNames;
	for (auto* p = pConfigs ? pConfigs->FirstChildElement("Configuration") : nullptr; p;
		 p = p->NextSiblingElement("Configuration"))
		aNames.push_back(p->Attribute("Name") ? p->Attribute("Name") : "");
	kOut.sConfiguration = chooseConfiguration(aNames, bDebug);
	for (auto* p = pConfigs ? pConfigs->FirstChildElement("Configuration") : nullptr; p;
		 p = p->NextSiblingElement("Configuration"))
	{
		if (kOut.sConfiguration.empty() || kOut.sConfiguration != (p->Attribute("Name") ? p->Attribute("Name") : ""))
			continue;
		std::map<std::string, const tinyxml2::XMLElement*> kTools;
		for (auto* t = p->FirstChildElement("Tool"); t; t = t->NextSiblingElement("Tool"))
			if (t->Attribute("Name")) kTools[t->Attribute("Name")] = t;
		const auto attribute = [&](const char* szTool, const char* szName) {
			auto it = kTools.find(szTool);
			const char* sz = it != kTools.end() ? it->second->Attribute(szName) : nullptr;
			return std::string(sz ? sz : "");
		};
		const std::string sConfig = kOut.sConfiguration.substr(0, kOut.sConfiguration.find('|'));
		if (kTools.count("VCNMakeTool"))
		{
			if (auto o = readNmakeCommand(attribute("VCNMakeTool", "BuildCommandLine"), kFile.parent_path(), sConfig))
				return throughMakefile(*o, kFile);
			setProjectLists(kOut, kFile.parent_path(), attribute("VCNMakeTool", "PreprocessorDefinitions"),
				attribute("VCNMakeTool", "IncludeSearchPath"), "", "", "", true);
		}
		setProjectLists(kOut, kFile.parent_path(), attribute("VCCLCompilerTool", "PreprocessorDefinitions"),
			attribute("VCCLCompilerTool", "AdditionalIncludeDirectories"),
			attribute("VCLinkerTool", "AdditionalDependencies"),
			attribute("VCLinkerTool", "AdditionalLibraryDirectories"),
			attribute("VCLinkerTool", "ModuleDefinitionFile"), true);
	}
	return kOut;
}

// An MSBuild Condition with $(Configuration) and $(Platform) given: 'a'=='b', 'a'!='b', joined by
// and / or (left to right); an empty one holds; anything else does not.
bool msbuildCondition(const char* szCondition, const std::string& sConfiguration, const std::string& sPlatform)
{
	if (!szCondition || trim(szCondition).empty()) return true;
	std::string s = szCondition;
	for (const auto& [sName, sValue] :
		{ std::pair<std::string, std::string>{ "$(configuration)", sConfiguration }, { "$(platform)", sPlatform } })
		for (size_t p = lower(s).find(sName); p != std::string::npos; p = lower(s).find(sName, p + sValue.size()))
			s.replace(p, sName.size(), sValue);
	std::istringstream o(s);
	bool bResult = true;
	std::string sJoin = "and";
	for (;;)
	{
		std::string sLeft, sOp, sRight;
		o >> std::ws;
		if (o.get() != '\'' || !std::getline(o, sLeft, '\'')) return false;
		o >> std::ws;
		sOp.resize(2);
		o.read(&sOp[0], 2);
		o >> std::ws;
		if ((sOp != "==" && sOp != "!=") || o.get() != '\'' || !std::getline(o, sRight, '\'')) return false;
		const bool b = (lower(sLeft) == lower(sRight)) == (sOp == "==");
		bResult = sJoin == "and" ? bResult && b : bResult || b;
		if (!(o >> sJoin)) return bResult;
		sJoin = lower(sJoin);
		if (sJoin != "and" && sJoin != "or") return false;
	}
}

BuildSettings readVcxproj(const fs::path& kFile, const tinyxml2::XMLDocument& kDoc, bool bDebug)
{
	BuildSettings kOut;
	kOut.kSource = kFile;
	kOut.sKind = "vcxproj";
	kOut.aFiles = { kFile };
	const tinyxml2::XMLElement* pRoot = kDoc.RootElement();
	if (!pRoot) return kOut;
	std::vector<std::string> aNames;
	for (auto* g = pRoot->FirstChildElement("ItemGroup"); g; g = g->NextSiblingElement("ItemGroup"))
		for (auto* p = g->FirstChildElement("ProjectConfiguration"); p;
			 p = p->NextSiblingElement("ProjectConfiguration"))
			if (p->Attribute("Include")) aNames.push_back(p->Attribute("Include"));
	kOut.sConfiguration = chooseConfiguration(aNames, bDebug);
	if (kOut.sConfiguration.empty()) kOut.sConfiguration = bDebug ? "Debug|Win32" : "Release|Win32";
	const std::string sConfig = kOut.sConfiguration.substr(0, kOut.sConfiguration.find('|'));
	const size_t iBar = kOut.sConfiguration.find('|');
	const std::string sPlatform = iBar == std::string::npos ? "Win32" : kOut.sConfiguration.substr(iBar + 1);
	// The properties (NAME) and item definitions (ClCompile.NAME) that hold for the configuration,
	// each a later definition's, its reference to the earlier value ($(NAME), %(NAME)) replaced.
	std::map<std::string, std::string> kValues;
	const auto set = [&](const std::string& sKey, const std::string& sName, std::string sValue) {
		for (const std::string& sRef : { "$(" + sName + ")", "%(" + sName + ")" })
			for (size_t p = sValue.find(sRef); p != std::string::npos; p = sValue.find(sRef, p + kValues[sKey].size()))
				sValue.replace(p, sRef.size(), kValues[sKey]);
		kValues[sKey] = sValue;
	};
	for (auto* g = pRoot->FirstChildElement(); g; g = g->NextSiblingElement())
	{
		const std::string sGroup = g->Name();
		if ((sGroup != "PropertyGroup" && sGroup != "ItemDefinitionGroup")
			|| !msbuildCondition(g->Attribute("Condition"), sConfig, sPlatform))
			continue;
		for (auto* p = g->FirstChildElement(); p; p = p->NextSiblingElement())
		{
			if (!msbuildCondition(p->Attribute("Condition"), sConfig, sPlatform)) continue;
			if (sGroup == "PropertyGroup")
				set(p->Name(), p->Name(), text(p));
			else
				for (auto* m = p->FirstChildElement(); m; m = m->NextSiblingElement())
					if (msbuildCondition(m->Attribute("Condition"), sConfig, sPlatform))
						set(std::string(p->Name()) + "." + m->Name(), m->Name(), text(m));
		}
	}
	if (lower(kValues["ConfigurationType"]) == "makefile")
	{
		if (auto o = readNmakeCommand(kValues["NMakeBuildCommandLine"], kFile.parent_path(), sConfig))
			return throughMakefile(*o, kFile);
		setProjectLists(kOut, kFile.parent_path(), kValues["NMakePreprocessorDefinitions"],
			kValues["NMakeIncludeSearchPath"], "", "", "", false);
	}
	setProjectLists(kOut, kFile.parent_path(), kValues["ClCompile.PreprocessorDefinitions"],
		kValues["ClCompile.AdditionalIncludeDirectories"], kValues["Link.AdditionalDependencies"],
		kValues["Link.AdditionalLibraryDirectories"], kValues["Link.ModuleDefinitionFile"], false);
	return kOut;
}

} // namespace

fs::path findBuildFile(const fs::path& kTree)
{
	std::vector<fs::path> aFolders{ kTree }, aBelow;
	std::error_code kError;
	for (fs::directory_iterator it(kTree, kError), e; !kError && it != e; it.increment(kError))
		if (it->is_directory(kError) && it->path().filename().string()[0] != '.') aBelow.push_back(it->path());
	std::sort(aBelow.begin(), aBelow.end());
	aFolders.insert(aFolders.end(), aBelow.begin(), aBelow.end());
	for (const fs::path& k : aFolders)
		if (auto o = findCi(k, "Makefile"); o && fs::is_regular_file(*o, kError)) return *o;
	for (const fs::path& k : aFolders)
	{
		std::vector<fs::path> aProjects;
		for (fs::directory_iterator it(k, kError), e; !kError && it != e; it.increment(kError))
		{
			const std::string sExt = lower(it->path().extension().string());
			if ((sExt == ".vcproj" || sExt == ".vcxproj") && it->is_regular_file(kError))
				aProjects.push_back(it->path());
		}
		std::sort(aProjects.begin(), aProjects.end());
		if (!aProjects.empty()) return aProjects[0];
	}
	return fs::path();
}

BuildSettings readBuildFile(const fs::path& kFile, bool bDebug)
{
	const fs::path kAbsolute = fs::absolute(kFile).lexically_normal();
	const std::string sExt = lower(kAbsolute.extension().string());
	if (sExt != ".vcproj" && sExt != ".vcxproj")
	{
		std::error_code kError;
		if (!fs::is_regular_file(kAbsolute, kError)) throw BuildSettingsError(kFile.string() + ": no such file");
		return readMakefile(kAbsolute, bDebug ? "Debug" : "Release");
	}
	tinyxml2::XMLDocument kDoc;
	const std::string sText = readFile(kAbsolute);
	if (kDoc.Parse(sText.c_str(), sText.size()) != tinyxml2::XML_SUCCESS)
		throw BuildSettingsError(kFile.string() + ": not a readable project file (" + kDoc.ErrorStr() + ")");
	return sExt == ".vcproj" ? readVcproj(kAbsolute, kDoc, bDebug) : readVcxproj(kAbsolute, kDoc, bDebug);
}

BuildSettings readBuildSettings(const fs::path& kTree, bool bDebug)
{
	std::error_code kError;
	if (!fs::is_directory(kTree, kError)) throw BuildSettingsError(kTree.string() + ": not a folder");
	const fs::path kFile = findBuildFile(kTree);
	return kFile.empty() ? BuildSettings() : readBuildFile(kFile, bDebug);
}

} // namespace cvv
