// The tree's declarations: a file's enums, typedefs, global constants and classes (their members,
// constants and inline methods) and its functions defined out of line, into SaveLayout::Impl.
#include "formats/layout/LayoutTree.h"

#include <algorithm>
#include <set>

namespace cvv {

using namespace layout;

// Enums, typedefs, global constants and classes of one file.
void SaveLayout::Impl::scanDeclarations(int iFile)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	std::vector<std::string> aTemplate;
	size_t iTemplate = std::string::npos; // the 'template' of aTemplate
	std::vector<std::pair<std::string, size_t>> aEnclosing; // the classes around a[i]: qualified name, '}'
	for (size_t i = 0; i < a.size(); ++i)
	{
		const Tok& t = a[i];
		if (t.k != 'i') continue;
		while (!aEnclosing.empty() && aEnclosing.back().second < i) aEnclosing.pop_back();
		if (t.s == "template" && i + 1 < a.size() && a[i + 1].s == "<")
		{
			iTemplate = i;
			const size_t iClose = templateParameters(a, i, aTemplate);
			if (iClose != std::string::npos) i = iClose;
			continue;
		}
		if (t.s == "enum")
		{
			size_t j = i + 1;
			std::string sName;
			if (j < a.size() && a[j].k == 'i') sName = a[j++].s;
			if (j >= a.size() || a[j].s != "{") continue;
			const size_t iClose = matchClose(a, j);
			if (iClose == std::string::npos) continue;
			if (!sName.empty()) kEnumTypes.insert(sName);
			if (iClose + 1 < a.size() && a[iClose + 1].k == 'i') // typedef enum {...} Name;
				kEnumTypes.insert(a[iClose + 1].s);
			std::string sPrev;
			size_t k = j + 1;
			while (k < iClose)
			{
				size_t iEnd = findTop(a, k, iClose, ",");
				if (iEnd == std::string::npos) iEnd = iClose;
				if (a[k].k == 'i')
				{
					Enumerator kE;
					kE.iFile = iFile;
					if (k + 1 < iEnd && a[k + 1].s == "=")
						kE.aExpr.assign(a.begin() + std::ptrdiff_t(k + 2), a.begin() + std::ptrdiff_t(iEnd));
					else
						kE.sPrev = sPrev.empty() ? std::string() : sPrev;
					if (kE.aExpr.empty() && sPrev.empty()) kE.aExpr.push_back(Tok{ "0", a[k].iLine, 'n' });
					kEnumerators[a[k].s] = kE;
					sPrev = a[k].s;
				}
				k = iEnd + 1;
			}
			i = iClose;
			continue;
		}
		if (t.s == "extern" && i + 1 < a.size() && a[i + 1].k == 'i')
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			std::vector<Declarator> aDecl;
			if (iSemi != std::string::npos && findTop(a, i + 1, iSemi, "(") == std::string::npos
				&& parseDeclaration(a, i + 1, iSemi, aDecl))
				for (const Declarator& d : aDecl) kGlobalVariables[d.sName] = d.kType;
			continue;
		}
		if (t.s == "typedef")
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			if (iSemi == std::string::npos) continue;
			if (findTop(a, i + 1, iSemi, "(") == std::string::npos
				&& findTop(a, i + 1, iSemi, "{") == std::string::npos)
			{
				std::vector<Declarator> aDecl;
				if (parseDeclaration(a, i + 1, iSemi, aDecl))
					for (const Declarator& d : aDecl)
						if (!kTypedefs.count(d.sName)) kTypedefs[d.sName] = d.kType;
			}
			// a typedef struct {...} Name; is found by the class scan below
			continue;
		}
		if ((t.s == "class" || t.s == "struct") && i + 1 < a.size() && a[i + 1].k == 'i')
		{
			if (i > 0 && a[i - 1].s == "friend") continue;
			size_t j = i + 2;
			while (j < a.size() && a[j].k == 'i' && j == i + 2 && a[j].s != "{") // class DllExport Name
				break;
			size_t iName = i + 1;
			if (j < a.size() && a[j].k == 'i' && j + 1 < a.size() && (a[j + 1].s == "{" || a[j + 1].s == ":"))
			{
				iName = j; // "class DllExport CvFoo"
				++j;
			}
			// "class Outer::Inner" (defined out of its outer class), or a class nested in another: known
			// by its qualified name as well as its own
			std::string sQualified = aEnclosing.empty() ? std::string() : aEnclosing.back().first + "::";
			sQualified += a[iName].s;
			while (iName + 2 < a.size() && a[iName + 1].s == "::" && a[iName + 2].k == 'i')
			{
				iName += 2;
				sQualified += "::" + a[iName].s;
				j = iName + 1;
			}
			// "template <> struct Traits<int>": a specialisation, known by its arguments (Traits<int>)
			if (iName + 1 < a.size() && a[iName + 1].s == "<")
			{
				const size_t iGt = matchClose(a, iName + 1);
				size_t n = iName;
				const TypeRef kSpec = iGt == std::string::npos ? TypeRef() : parseType(a, n, iGt + 1);
				if (kSpec.bValid && n == iGt + 1) sQualified = typeText(kSpec);
			}
			size_t k = j;
			while (k < a.size() && a[k].s != "{" && a[k].s != ";" && a[k].s != "(")
			{
				// a base's template arguments may hold parentheses (Base<T, sizeof(U)>)
				const size_t iGt = a[k].s == "<" && a[k - 1].k == 'i' ? matchClose(a, k) : std::string::npos;
				k = iGt == std::string::npos ? k + 1 : iGt + 1;
			}
			if (k >= a.size() || a[k].s != "{")
			{
				aTemplate.clear();
				continue;
			}
			const size_t iClose = matchClose(a, k);
			if (iClose == std::string::npos) continue;
			scanClass(
				iFile, iName, k, iClose, aTemplate, sQualified, aTemplate.empty() ? std::string::npos : iTemplate);
			aEnclosing.emplace_back(sQualified, iClose);
			aTemplate.clear();
			// nested classes are scanned too (the loop goes on inside)
			continue;
		}
		if (t.s == "const" && i + 3 < a.size() && a[i + 1].k == 'i' && a[i + 2].k == 'i' && a[i + 3].s == "=")
		{
			const size_t iSemi = findTop(a, i, a.size(), ";");
			if (iSemi != std::string::npos && !kEnumerators.count(a[i + 2].s))
			{
				Enumerator kE;
				kE.iFile = iFile;
				kE.aExpr.assign(a.begin() + std::ptrdiff_t(i + 4), a.begin() + std::ptrdiff_t(iSemi));
				kEnumerators[a[i + 2].s] = kE;
			}
		}
		if (t.s != "template") aTemplate.clear();
	}
}

void SaveLayout::Impl::scanClass(int iFile, size_t iName, size_t iOpen, size_t iClose,
	const std::vector<std::string>& aTemplate, const std::string& sQualified, size_t iTemplate)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	ClassDef c;
	c.sName = iName + 1 < a.size() && a[iName + 1].s == "<" ? sQualified : a[iName].s; // Traits<int>
	c.aTemplate = aTemplate;
	c.iFile = iFile;
	for (size_t j = iName + 1; j < iOpen; ++j)
		if (a[j].k == 'i' && a[j].s != "public" && a[j].s != "private" && a[j].s != "protected" && a[j].s != "virtual"
			&& (a[j - 1].s == ":" || a[j - 1].s == "," || a[j - 1].s == "public" || a[j - 1].s == "private"
				|| a[j - 1].s == "protected" || a[j - 1].s == "virtual"))
		{
			c.aBases.push_back(a[j].s);
			const size_t iGt = j + 1 < iOpen && a[j + 1].s == "<" ? matchClose(a, j + 1) : std::string::npos;
			c.aBaseArgs.emplace_back(a[j].s, iGt < iOpen ? splitArguments(a, j + 2, iGt) : std::vector<Toks>());
			if (iGt < iOpen) j = iGt; // (the names in its arguments are no bases)
		}
	if (iTemplate != std::string::npos && iTemplate + 1 < iName && a[iTemplate + 1].s == "<")
	{
		const size_t iGt = matchClose(a, iTemplate + 1);
		for (const Toks& aParam : iGt < iName ? splitArguments(a, iTemplate + 2, iGt) : std::vector<Toks>())
		{
			ClassDef::TemplateParam k;
			size_t iEq = 0;
			while (iEq < aParam.size() && aParam[iEq].s != "=") ++iEq;
			if (iEq == 0 || aParam[iEq - 1].k != 'i') continue;
			k.sName = aParam[iEq - 1].s;
			k.bType = aParam[0].s == "class" || aParam[0].s == "typename";
			if (iEq < aParam.size()) k.aDefault.assign(aParam.begin() + std::ptrdiff_t(iEq + 1), aParam.end());
			c.aTemplateParams.push_back(k);
		}
	}
	size_t i = iOpen + 1;
	// the parameters of the last member template clause, and where the member it introduces starts
	std::vector<std::pair<std::string, bool>> aOwnTemplate;
	size_t iOwnTemplateAt = std::string::npos;
	while (i < iClose)
	{
		const Tok& t = a[i];
		if (t.k == 'i' && (t.s == "public" || t.s == "private" || t.s == "protected") && i + 1 < iClose
			&& a[i + 1].s == ":")
		{
			i += 2;
			continue;
		}
		if (t.s == ";")
		{
			++i;
			continue;
		}
		if (t.k == 'i' && t.s == "template" && i + 1 < iClose && a[i + 1].s == "<")
		{
			const size_t k = matchClose(a, i + 1);
			// a member template's own parameters, for the member that follows
			aOwnTemplate.clear();
			for (const Toks& aParam : k == std::string::npos ? std::vector<Toks>() : splitArguments(a, i + 2, k))
			{
				size_t iEq = 0;
				while (iEq < aParam.size() && aParam[iEq].s != "=") ++iEq;
				if (iEq == 0 || aParam[iEq - 1].k != 'i') continue;
				aOwnTemplate.emplace_back(aParam[iEq - 1].s, aParam[0].s == "class" || aParam[0].s == "typename");
			}
			i = (k == std::string::npos) ? iClose : k + 1;
			iOwnTemplateAt = i;
			continue;
		}
		// up to the ';' or the '{' that ends this member
		size_t j = i;
		int iDepth = 0;
		while (j < iClose && !(iDepth == 0 && (a[j].s == ";" || a[j].s == "{")))
		{
			if (a[j].s == "(" || a[j].s == "[") ++iDepth;
			if (a[j].s == ")" || a[j].s == "]") --iDepth;
			++j;
		}
		if (j >= iClose) break;
		if (t.k == 'i' && t.s == "union" && i + 1 < iClose && a[i + 1].s == "{")
		{
			// an anonymous union: its members are the class's (at the same offset; only their types matter)
			const size_t iUnionClose = matchClose(a, i + 1);
			if (iUnionClose == std::string::npos || iUnionClose > iClose) break;
			size_t u = i + 2;
			while (u < iUnionClose)
			{
				size_t v = findTop(a, u, iUnionClose, ";");
				if (v == std::string::npos) v = iUnionClose;
				std::vector<Declarator> aDecl;
				if (parseDeclaration(a, u, v, aDecl))
					for (const Declarator& d : aDecl) c.kMembers[d.sName] = d.kType;
				u = v + 1;
			}
			i = iUnionClose + 1;
			continue;
		}
		const bool bKeyword = t.k == 'i'
			&& (t.s == "typedef" || t.s == "friend" || t.s == "enum" || t.s == "class" || t.s == "struct"
				|| t.s == "union" || t.s == "using");
		if (t.s == "typedef" && a[j].s == ";")
		{
			// (a typedef of a function's type is no declaration parseDeclaration takes)
			std::vector<Declarator> aDecl;
			if (parseDeclaration(a, i + 1, j, aDecl))
				for (const Declarator& d : aDecl)
				{
					c.kTypedefs[d.sName] = d.kType;
					kClassTypedefNames.insert(d.sName);
				}
		}
		// a '(' before any '=' at the top: a method (static const bool b = (x || y); is a member)
		const size_t iEquals = findTop(a, i, j, "=");
		const size_t iParen = findTop(a, i, iEquals == std::string::npos ? j : iEquals, "(");
		if (a[j].s == "{")
		{
			const size_t iBodyClose = matchClose(a, j);
			if (iBodyClose == std::string::npos || iBodyClose > iClose) break;
			if (t.s == "enum") classEnumerators(a, j, iBodyClose, c);
			// name<ARGS>(...): an explicit specialisation of a member function template
			size_t iSpecOpen = std::string::npos;
			if (!bKeyword && iParen != std::string::npos && iParen > i + 1 && a[iParen - 1].s == ">")
				for (size_t n = iParen - 1, iAngle = 0; n > i; --n)
				{
					if (a[n].s == ">") ++iAngle;
					if (a[n].s == "<" && --iAngle == 0)
					{
						iSpecOpen = n;
						break;
					}
				}
			const size_t iMethodName = iSpecOpen != std::string::npos ? iSpecOpen - 1 : iParen - 1;
			// its parameters' ')' before the body ("f( ] {" has none: no method)
			const size_t iParamsEnd = iParen != std::string::npos ? matchClose(a, iParen) : std::string::npos;
			if (!bKeyword && iParen != std::string::npos && iParen > i && a[iMethodName].k == 'i' && iParamsEnd < j)
			{
				auto f = std::make_unique<Function>();
				if (iSpecOpen != std::string::npos)
				{
					f->iSpecArgs = iSpecOpen + 1;
					f->iSpecArgsEnd = iParen - 1;
				}
				f->sName = c.sName + "::" + a[iMethodName].s;
				f->sClass = c.sName;
				f->iFile = iFile;
				f->iParams = iParen + 1;
				f->iParamsEnd = iParamsEnd;
				f->iBody = j;
				f->iBodyEnd = iBodyClose;
				f->aTemplate = aTemplate;
				if (iOwnTemplateAt == i)
				{
					f->aOwnTemplate = aOwnTemplate;
					f->bOwnTemplate = true;
				}
				c.kMethods[a[iMethodName].s].push_back(f.get());
				aInline.push_back(std::move(f));
			}
			// struct Name { ... } m_kX, m_kY;: members of the nested class's type
			const bool bNamedStruct = (t.s == "struct" || t.s == "class") && a[i + 1].k == 'i';
			const size_t iStructName = i + 1;
			i = iBodyClose + 1;
			if (bNamedStruct && i < iClose && a[i].s != ";")
			{
				const size_t iSemi = findTop(a, i, iClose, ";");
				if (iSemi == std::string::npos) break;
				Toks aDeclaration(1, a[iStructName]);
				aDeclaration.insert(
					aDeclaration.end(), a.begin() + std::ptrdiff_t(i), a.begin() + std::ptrdiff_t(iSemi));
				std::vector<Declarator> aDecl;
				if (parseDeclaration(aDeclaration, 0, aDeclaration.size(), aDecl))
					for (const Declarator& d : aDecl)
					{
						c.kMembers[d.sName] = d.kType;
						c.aOrder.push_back(d.sName);
					}
				i = iSemi + 1;
			}
			continue;
		}
		if (!bKeyword && iParen != std::string::npos && iParen > i && a[iParen - 1].k == 'i')
		{
			const size_t iParenClose = matchClose(a, iParen);
			if (iParenClose != std::string::npos && iParenClose < j)
				c.kDeclarations[a[iParen - 1].s].emplace_back(iParen + 1, iParenClose);
		}
		if (!bKeyword && iParen == std::string::npos)
		{
			std::vector<Declarator> aDecl;
			const bool bStatic = t.s == "static";
			if (parseDeclaration(a, i, j, aDecl))
				for (const Declarator& d : aDecl)
				{
					c.kMembers[d.sName] = d.kType;
					c.aOrder.push_back(d.sName);
					if (bStatic && d.iInit && !d.bCtorArgs)
					{
						c.kConstants[d.sName].assign(
							a.begin() + std::ptrdiff_t(d.iInit), a.begin() + std::ptrdiff_t(d.iInitEnd));
						kClassConstantNames.insert(d.sName);
					}
				}
		}
		i = j + 1;
	}
	for (const std::string& sName : { c.sName, sQualified })
		if (!kClasses.count(sName) || kClasses[sName].kMembers.empty()) kClasses[sName] = c;
	if (sQualified != c.sName) kNestedNames.insert(c.sName);
}

// The enumerators of a class's enum {...} at a[iOpen, iClose] into its constants.
void SaveLayout::Impl::classEnumerators(const Toks& a, size_t iOpen, size_t iClose, ClassDef& c)
{
	std::string sPrev;
	for (size_t k = iOpen + 1; k < iClose;)
	{
		size_t iEnd = findTop(a, k, iClose, ",");
		if (iEnd == std::string::npos) iEnd = iClose;
		if (a[k].k == 'i')
		{
			Toks& aExpr = c.kConstants[a[k].s];
			if (k + 1 < iEnd && a[k + 1].s == "=")
				aExpr.assign(a.begin() + std::ptrdiff_t(k + 2), a.begin() + std::ptrdiff_t(iEnd));
			else if (sPrev.empty())
				aExpr = { Tok{ "0", a[k].iLine, 'n' } };
			else
				aExpr = { Tok{ TokText(sPrev), a[k].iLine, 'i' }, Tok{ "+", a[k].iLine, 'p' },
					Tok{ "1", a[k].iLine, 'n' } };
			kClassConstantNames.insert(a[k].s);
			sPrev = a[k].s;
		}
		k = iEnd + 1;
	}
}

// Functions defined at file scope: "Ret Class::name(params) {" and "Ret name(params) {".
void SaveLayout::Impl::scanFunctions(int iFile)
{
	const Toks& a = aFiles[size_t(iFile)].aToks;
	int iDepth = 0;
	int iNamespaces = 0; // the namespaces open here (their braces are not counted in iDepth)
	std::vector<std::string> aTemplate, aValueTemplate;
	for (size_t i = 0; i < a.size(); ++i)
	{
		const Tok& t = a[i];
		if (t.s == "{")
		{
			++iDepth;
			continue;
		}
		if (t.s == "}")
		{
			if (iDepth == 0 && iNamespaces > 0)
				--iNamespaces; // the end of a namespace
			else
				--iDepth;
			continue;
		}
		if (iDepth != 0) continue;
		if (t.k == 'i' && t.s == "template" && i + 1 < a.size() && a[i + 1].s == "<")
		{
			aValueTemplate = valueTemplateParameters(a, i);
			const size_t iClose = templateParameters(a, i, aTemplate);
			if (iClose != std::string::npos) i = iClose;
			continue;
		}
		if (t.k == 'i' && (t.s == "class" || t.s == "struct" || t.s == "enum" || t.s == "union" || t.s == "namespace"))
		{
			// skip to the end of the declaration (its braces are counted as the loop goes on)
			size_t j = i + 1;
			while (j < a.size() && a[j].s != "{" && a[j].s != ";") ++j;
			if (j < a.size() && a[j].s == "{")
			{
				if (t.s == "namespace")
				{
					i = j; // the namespace's functions are at file scope for us
					++iNamespaces;
					continue;
				}
				const size_t iClose = matchClose(a, j);
				if (iClose == std::string::npos) return;
				i = iClose;
			}
			else
				i = j;
			aTemplate.clear();
			continue;
		}
		if (t.s != "(" || i == 0 || a[i - 1].k != 'i') continue;
		static const std::set<std::string> kNotFunctions = { "if", "while", "for", "switch", "return", "sizeof" };
		if (kNotFunctions.count(a[i - 1].s)) continue;
		const size_t iClose = matchClose(a, i);
		if (iClose == std::string::npos) return;
		size_t j = iClose + 1;
		while (j < a.size() && a[j].k == 'i' && (a[j].s == "const" || a[j].s == "throw")) ++j;
		if (j < a.size() && a[j].s == ":") // a constructor's initialiser list
		{
			while (j < a.size() && a[j].s != "{" && a[j].s != ";") ++j;
		}
		if (j >= a.size() || a[j].s != "{")
		{
			i = iClose;
			if (j < a.size() && a[j].s == ";") aTemplate.clear();
			continue;
		}
		const size_t iBodyClose = matchClose(a, j);
		if (iBodyClose == std::string::npos) return;
		Function f;
		f.iFile = iFile;
		f.iParams = i + 1;
		f.iParamsEnd = iClose;
		f.iBody = j;
		f.iBodyEnd = iBodyClose;
		f.aTemplate = aTemplate;
		f.aValueTemplate = aValueTemplate;
		aValueTemplate.clear();
		// the qualified name: Name, or Class[<T>]::Name
		size_t k = i - 1;
		std::string sName = a[k].s;
		if (k >= 2 && a[k - 1].s == "::")
		{
			size_t c = k - 2;
			bool bClass = true; // a[c] may name the class
			if (a[c].s == ">")
			{
				// Class<T>::Name: back to the '<' of the '>' and the name before it (none: no class)
				int iAngle = 0;
				size_t n = c;
				for (;; --n)
				{
					if (a[n].s == ">") ++iAngle;
					if ((a[n].s == "<" && --iAngle == 0) || n == 0) break;
				}
				bClass = iAngle == 0 && n > 0;
				if (bClass) c = n - 1;
			}
			if (bClass && a[c].k == 'i')
			{
				f.sClass = a[c].s;
				sName = f.sClass + "::" + sName;
				// Outer::Inner::Name: known by its class's qualified name too
				std::string sOuter;
				while (c >= 2 && a[c - 1].s == "::" && a[c - 2].k == 'i')
				{
					c -= 2;
					sOuter = a[c].s + "::" + sOuter;
				}
				if (!sOuter.empty() && kClasses.count(sOuter + f.sClass))
				{
					Function kQualified = f;
					kQualified.sClass = sOuter + f.sClass;
					kQualified.sName = sOuter + sName;
					kFunctions[kQualified.sName].push_back(kQualified);
				}
			}
		}
		f.sName = sName;
		kFunctions[sName].push_back(f);
		i = iBodyClose;
		aTemplate.clear();
	}
}

} // namespace cvv
