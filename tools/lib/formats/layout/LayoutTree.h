// The tree a save layout is derived from (SaveLayout::Impl): every file of a CvGameCoreDLL tree
// tokenised after its #if branches are resolved, its enums and #define constants, its classes and
// structs (members, inline methods), its functions defined out of line. Loaded by SaveLayoutDeriver.cpp
// (load, the build settings, the info files), scanned by CppDeclarations.cpp, looked up in LayoutTree.cpp
// and CppPreprocessor.cpp (preprocess); run by the LayoutRunner.
#pragma once

#include "formats/SaveLayout.h"
#include "formats/layout/CppLexer.h"
#include "formats/layout/CppPreprocessor.h"
#include "formats/layout/CppStatements.h"
#include "formats/layout/CppTypes.h"
#include "formats/layout/ReadForms.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cvv {

namespace layout {

struct Function
{
	std::string sName; // "CvPlot::read" or "ReadStreamableFFreeListTrashArray"
	std::string sClass;
	int iFile = -1;
	size_t iParams = 0, iParamsEnd = 0; // the tokens between the parentheses
	size_t iBody = 0, iBodyEnd = 0; // '{' and '}'
	std::vector<std::string> aTemplate; // template parameter names
	std::vector<std::string> aValueTemplate; // its non-type template parameters' names (template <int N>)
	size_t iSpecArgs = 0, iSpecArgsEnd = 0; // an explicit specialisation's arguments (f<ARGS>); none if equal
	// a member function template written in its class: its own parameters in order (name, is a type)
	std::vector<std::pair<std::string, bool>> aOwnTemplate;
	bool bOwnTemplate = false;
	mutable std::shared_ptr<Stmt> pBody;
	mutable std::string sStream; // the FDataStreamBase parameter
	mutable bool bStreamRef = false;
	// the objects of a tagged save wrapper the body attaches to its stream (wrapper.AttachToStream(S))
	mutable std::vector<std::string> aWrappers;
};

struct ClassDef
{
	std::string sName;
	std::vector<std::string> aBases;
	std::vector<std::string> aTemplate;
	std::map<std::string, TypeRef> kMembers;
	std::vector<std::string> aOrder;
	std::map<std::string, std::vector<const Function*>> kMethods; // inline ones
	int iFile = -1;
	// its constants: static const members' initialisers, its enums' enumerators (NAME: PREV + 1)
	std::map<std::string, Toks> kConstants;
	// its methods declared without a body: their parameters' tokens (the default arguments are there)
	std::map<std::string, std::vector<std::pair<size_t, size_t>>> kDeclarations;
	// a template's parameters in order, types and values (template <class T, int N = 0>), with defaults
	struct TemplateParam
	{
		std::string sName;
		bool bType = true;
		Toks aDefault;
	};
	std::vector<TemplateParam> aTemplateParams;
	// its bases as written: a name and its template arguments' tokens (Base<T, int, 3>)
	std::vector<std::pair<std::string, std::vector<Toks>>> aBaseArgs;
	// its typedefs (typedef typename choose_type<B, X, Y>::type CompactV;), of its parameters
	std::map<std::string, TypeRef> kTypedefs;
};

// Where a member is declared: the class and the member's type.
struct MemberOwner
{
	const ClassDef* pClass = nullptr;
	const TypeRef* pType = nullptr;
};

} // namespace layout

// ---------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------
struct SaveLayout::Impl
{
	// the deriver's parts' types, by their names within the tree's methods
	using Tok = layout::Tok;
	using Toks = layout::Toks;
	using SourceFile = layout::SourceFile;
	using LogicalLines = layout::LogicalLines;
	using TypeRef = layout::TypeRef;
	using Stmt = layout::Stmt;
	using Function = layout::Function;
	using ClassDef = layout::ClassDef;
	using MemberOwner = layout::MemberOwner;
	using FunctionMacro = layout::FunctionMacro;
	using SimpleShape = layout::SimpleShape;
	using CallShape = layout::CallShape;
	using ReadForm = layout::ReadForm;

	std::filesystem::path kTree;
	std::vector<SourceFile> aFiles;
	std::map<std::string, std::pair<int, Toks>> kMacros; // object-like #defines: file, body
	// the object-like #defines of a .cpp file that no header defines, by name: file, body (a constant
	// of that file only: RoM-AND's CvInitCore.cpp defines the bit of its tagged format)
	std::map<std::string, std::vector<std::pair<int, Toks>>> kFileMacros;
	std::unordered_set<std::string> kFunctionMacros;
	std::unordered_map<std::string, FunctionMacro> kFunctionMacroDefs; // the headers' function-like #defines
	struct Enumerator
	{
		Toks aExpr;
		std::string sPrev;
		int iFile = -1;
	};
	std::unordered_map<std::string, Enumerator> kEnumerators;
	std::unordered_set<std::string> kEnumTypes;
	std::unordered_map<std::string, TypeRef> kTypedefs;
	std::unordered_map<std::string, ClassDef> kClasses;
	std::unordered_set<std::string> kNestedNames; // the own names of classes nested in another
	std::unordered_set<std::string> kClassConstantNames; // the names of every class's constants
	std::unordered_set<std::string> kClassTypedefNames; // the names of every class's typedefs
	std::unordered_map<std::string, TypeRef> kGlobalVariables; // extern TYPE NAME; (gGlobals)
	// The constant sName of sClass or its nearest base: its tokens, and the class in sOwner; null if none.
	const Toks* classConstant(const std::string& sClass, const std::string& sName, std::string& sOwner) const
	{
		std::vector<std::string> aQueue = { sClass };
		for (size_t q = 0; q < aQueue.size() && q < 32; ++q)
		{
			const ClassDef* c = findClass(aQueue[q]);
			if (!c) continue;
			auto it = c->kConstants.find(sName);
			if (it != c->kConstants.end())
			{
				sOwner = aQueue[q];
				return &it->second;
			}
			aQueue.insert(aQueue.end(), c->aBases.begin(), c->aBases.end());
		}
		return nullptr;
	}
	std::unordered_map<std::string, std::vector<Function>> kFunctions; // by qualified name
	std::vector<std::unique_ptr<Function>> aInline; // inline methods (ClassDef points here)
	std::map<std::string, std::pair<std::string, std::string>> kInfoFiles; // getNumXInfos -> (path, element)
	TreeXmlLoads kXmlLoads; // the same calls in order, and the GlobalDefines files read by name
	mutable std::unordered_map<std::string, long long> kConstCache;
	// the specialisations (Traits<byte>) by their arguments resolved (Traits<unsigned char>); built when
	// first needed
	mutable std::unordered_map<std::string, std::string> kSpecialisations;
	// the specialisations of each class template (traits<T, true>, traits<int, false>) by the
	// template's name, in the order of their names; built when first needed
	mutable std::unordered_map<std::string, std::vector<std::string>> kSpecialisationsOf;

	void load();
	std::map<std::string, std::pair<int, Toks>> kProjectMacros;
	void preprocess(
		int iFile, const LogicalLines& aLines, bool bTokens, std::map<std::string, std::pair<int, Toks>>& kDefined);
	void projectDefines();
	void scanDeclarations(int iFile);
	void scanClass(int iFile, size_t iName, size_t iOpen, size_t iClose, const std::vector<std::string>& aTemplate,
		const std::string& sQualified, size_t iTemplate);
	void scanFunctions(int iFile);
	void classEnumerators(const Toks& a, size_t iOpen, size_t iClose, ClassDef& c);
	void scanInfoFiles();

	const ClassDef* findClass(const std::string& sName) const
	{
		auto it = kClasses.find(sName);
		return it == kClasses.end() ? nullptr : &it->second;
	}
	// The method sName of sClass or of its nearest base (breadth first) that takes a stream or not;
	// pOwner gets the class that defines it. Remembered by (class, name, stream).
	const Function* findMethod(
		const std::string& sClass, const std::string& sName, bool bStream, std::string* pOwner = nullptr) const;
	const Function* searchMethod(
		const std::string& sClass, const std::string& sName, bool bStream, std::string& sOwner) const;
	// Every method sName of sClass and its bases (inline and out of line), nearest class first.
	std::vector<const Function*> methodsNamed(const std::string& sClass, const std::string& sName) const
	{
		std::vector<const Function*> aOut;
		std::vector<std::string> aQueue = { sClass };
		std::set<std::string> kSeen;
		for (size_t q = 0; q < aQueue.size(); ++q)
		{
			if (!kSeen.insert(aQueue[q]).second) continue;
			const ClassDef* c = findClass(aQueue[q]);
			if (c)
			{
				auto jt = c->kMethods.find(sName);
				if (jt != c->kMethods.end()) aOut.insert(aOut.end(), jt->second.begin(), jt->second.end());
			}
			auto it = kFunctions.find(aQueue[q] + "::" + sName);
			if (it != kFunctions.end())
				for (const Function& f : it->second) aOut.push_back(&f);
			if (c) aQueue.insert(aQueue.end(), c->aBases.begin(), c->aBases.end());
		}
		return aOut;
	}
	template <typename T>
	using ByClassAndName = std::unordered_map<std::string, std::unordered_map<std::string, T>>;
	mutable ByClassAndName<std::pair<const Function*, std::string>> kMethodCache[2]; // [bStream]
	// The class (sClass or its nearest base, breadth first) that declares the member sMember, and its
	// declared type; both null if none does. Remembered by (class, member).
	const MemberOwner& memberOwner(const std::string& sClass, const std::string& sMember) const;
	mutable ByClassAndName<MemberOwner> kMemberCache;
	// The shape of the statement at a file's tokens a[b, e) (they do not change once loaded),
	// remembered by its first and last tokens' addresses.
	struct TokenRangeHash
	{
		size_t operator()(const std::pair<const Tok*, const Tok*>& k) const
		{
			return std::hash<const Tok*>()(k.first) * 31 + std::hash<const Tok*>()(k.second);
		}
	};
	template <typename Shape>
	using ShapesByRange = std::unordered_map<std::pair<const Tok*, const Tok*>, Shape, TokenRangeHash>;
	// The shape of the tokens [b, e), found by fShapeOf once and kept in kShapes.
	template <typename Shape, typename ShapeOf>
	static const Shape& cachedShape(ShapesByRange<Shape>& kShapes, const Toks& a, size_t b, size_t e, ShapeOf fShapeOf)
	{
		const auto kKey = std::make_pair(a.data() + b, a.data() + e);
		auto it = kShapes.find(kKey);
		if (it == kShapes.end()) it = kShapes.emplace(kKey, fShapeOf(a, b, e)).first;
		return it->second;
	}
	const SimpleShape& simpleShape(const Toks& a, size_t b, size_t e) const
	{
		return cachedShape(
			kSimpleShapes, a, b, e, [](const Toks& t, size_t i, size_t j) { return layout::shapeOf(t, i, j); });
	}
	const CallShape& callShape(const Toks& a, size_t b, size_t e) const
	{
		return cachedShape(
			kCallShapes, a, b, e, [](const Toks& t, size_t i, size_t j) { return layout::callShapeOf(t, i, j); });
	}
	// The read form of a statement of a function whose stream is sStream (ReadForms.h): its tokens belong
	// to that one function, so the stream's name is the same at every look-up.
	const ReadForm& readForm(const Toks& a, size_t b, size_t e, const std::string& sStream) const
	{
		return cachedShape(kReadForms, a, b, e,
			[&sStream](const Toks& t, size_t i, size_t j) { return layout::readFormOf(t, i, j, sStream); });
	}
	mutable ShapesByRange<SimpleShape> kSimpleShapes;
	mutable ShapesByRange<CallShape> kCallShapes;
	mutable ShapesByRange<ReadForm> kReadForms;
	const Stmt& body(const Function& f) const;
	// A tagged save wrapper class of the tree (RoM-AND's CvTaggedSaveFormatWrapper; formats/TaggedLayout.h):
	// a class with a method that takes the stream (attaches it) and a Read whose parameters start with
	// the name, the id hint and the sequence (const char*, int&, int&). The name of its attaching
	// method; null if sClass is no such class.
	const std::string* taggedAttach(const std::string& sClass) const;
	// Whether sMethod is the attaching method of a wrapper class of the tree.
	bool attachesTagged(const std::string& sMethod) const;
	void scanTagged() const;
	mutable bool bTaggedScanned = false;
	mutable std::unordered_map<std::string, std::string> kTaggedWrappers; // class -> its attaching method
	std::string where(const Function& f, int iLine) const
	{
		return aFiles[size_t(f.iFile)].sName + ":" + std::to_string(iLine) + " (" + f.sName + ")";
	}
};

} // namespace cvv
