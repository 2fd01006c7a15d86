// The interpreter of the save-layout deriver (its third part): a LayoutRunner runs a class's read()
// over the stream, statement by statement, in the tree (SaveLayout::Impl, LayoutTree.h); or walks it
// without a stream to describe what it reads (save-layout's report). Its parts, by job:
//   LayoutRunnerValues.cpp       constants, types and sizes, places (lvalues): their loads and stores
//   LayoutRunnerExpressions.cpp  expressions: operators, casts, primaries
//   LayoutRunnerCalls.cpp        calls: arguments, templates, objects constructed, template methods
//   LayoutRunnerStatements.cpp   statements run, containers, what a call not run leaves unknown
//   LayoutRunnerReads.cpp        the stream's read forms (Read, ReadString, arrays, raw structs)
//   LayoutRunnerReport.cpp       the description of a read for the report
//   LayoutRunnerTagged.cpp       the reads of a tagged save wrapper of the tree (formats/TaggedLayout.h)
#pragma once

#include "formats/layout/LayoutTree.h"
#include "formats/TaggedLayout.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cvv::layout {

struct Value
{
	enum Kind {
		Unknown,
		Int,
		Str,
		Obj,
		Globals // GC
	};
	Kind eKind = Unknown;
	long long i = 0;
	std::string s;
	LayoutRecord* pObj = nullptr;
	TypeRef kType;
	std::string sWhy; // why it is unknown
	static Value of(long long v)
	{
		Value k;
		k.eKind = Int;
		k.i = v;
		return k;
	}
	static Value unknown(const std::string& sWhy)
	{
		Value k;
		k.sWhy = sWhy;
		return k;
	}
};

struct Local
{
	TypeRef kType;
	Value v;
	// kType resolved in a frame of class sResolvedClass that binds no template parameter
	// (LayoutRunner::resolvedLocal); kept with the local, copied with it
	mutable std::shared_ptr<const TypeRef> pResolved;
	mutable std::string sResolvedClass;
};

// Where an lvalue lives: a member of the frame's object, or a local.
struct Place
{
	bool bValid = false;
	bool bLocal = false;
	std::string sRoot; // the first name
	std::string sKey; // the full path with evaluated indices ("m_aiX[3].eOwner")
	std::string sSub; // the path below a local object ("szText")
	TypeRef kType;
	LayoutRecord* pObj = nullptr; // the record the path is stored in
	bool bIndexed = false;
	std::string sUnknownIndex; // why an index of the path cannot be evaluated ("[?]" in sKey)
};

// std::string's order (by bytes, as unsigned char; a prefix first) compared inline: a frame's
// locals are looked up at every name the interpreter meets, short names that differ early.
struct NameLess
{
	bool operator()(const std::string& a, const std::string& b) const
	{
		const size_t n = a.size() < b.size() ? a.size() : b.size();
		for (size_t i = 0; i < n; ++i)
			if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
		return a.size() < b.size();
	}
};

struct Frame
{
	const Function* pFunc = nullptr;
	std::string sClass;
	std::map<std::string, TypeRef> kTemplate;
	std::map<std::string, Local, NameLess> kLocals; // in std::string's order
	LayoutRecord* pRecord = nullptr;
	std::string sStream;
	std::vector<std::pair<std::string, Place>> aOut; // reference parameters and the caller's places they name
	bool bEffectsOnly = false; // run for side effects (no stream)
	int iDepth = 0;
};

// A scalar member of a struct read as raw bytes: its name, offset, size and sign.
struct RawField
{
	const std::string* pName;
	long long iOff;
	int iSize;
	bool bUnsigned;
};

enum class Flow { Normal, Break, Continue, Return };

// An explicit template argument of a call (f<int, 3>(...)): a value or a type (resolved).
struct TemplateArgument
{
	bool bType = false;
	long long i = 0;
	TypeRef kType;
};

// The object a method is called on: its record and its class (with its template arguments); bSame:
// the frame's own object as the frame has it (this->f(), a method returning *this).
struct CallTarget
{
	LayoutRecord* pRecord = nullptr;
	TypeRef kClass;
	bool bSame = false;
};

// A call the deriver does not run, where it is.
struct StaleCall
{
	const Function* pFunc = nullptr;
	int iLine = 0;
	std::string sName;
};

class LayoutRunner : public LayoutWhere
{
public:
	LayoutRunner(const SaveLayout::Impl& kTree, LayoutStream* pStream, LayoutCounts fCounts)
		: m_t(kTree), m_pStream(pStream), m_fCounts(std::move(fCounts)), m_bNames(pStream && pStream->wantsNames())
	{}

	std::string where() const override { return m_pWhereFunc ? m_t.where(*m_pWhereFunc, m_iWhereLine) : std::string(); }

	LayoutGlobals m_kGlobals;

	// (defined in LayoutRunnerReads.cpp)
	void runRead(const std::string& sClass, LayoutRecord& kRecord);

	// (defined in LayoutRunnerValues.cpp)
	long long constant(const std::string& sName, const std::string& sWhere);

	bool isConstant(const std::string& s) const
	{
		return m_t.kMacros.count(s) || m_t.kEnumerators.count(s) || fileMacro(s);
	}
	// The #define sName of the .cpp file whose function is running (SaveLayout::Impl::kFileMacros); null if none.
	const Toks* fileMacro(const std::string& sName) const
	{
		auto it = m_t.kFileMacros.find(sName);
		if (it == m_t.kFileMacros.end() || !m_pWhereFunc) return nullptr;
		for (const auto& [iFile, aBody] : it->second)
			if (iFile == m_pWhereFunc->iFile) return &aBody;
		return nullptr;
	}

	// --- the static walk of save-layout ---
	// (defined in LayoutRunnerReport.cpp)
	void describe(const std::string& sEntry, LayoutClassReport& kOut, std::vector<std::string>& aReached);

private:
	[[noreturn]] void fail(const std::string& sWhere, const std::string& sWhat) const
	{
		throw LayoutError(sWhere + ": " + sWhat);
	}
	// A line of a function, named ("CvPlot.cpp:1234 (CvPlot::read)") only when a message needs it.
	struct CodeLine
	{
		const Function* pFunc;
		int iLine;
	};
	[[noreturn]] void fail(const CodeLine& kWhere, const std::string& sWhat) const
	{
		fail(m_t.where(*kWhere.pFunc, kWhere.iLine), sWhat);
	}
	std::string where(const Frame& k, int iLine) const { return m_t.where(*k.pFunc, iLine); }
	const Toks& toks(const Frame& k) const { return m_t.aFiles[size_t(k.pFunc->iFile)].aToks; }

	// (defined in LayoutRunnerValues.cpp)
	long long evalConst(const Toks& a, const std::string& sFile, const std::string& sName);

	// ----- types -----
	TypeRef resolve(TypeRef k, const Frame& f, int iDepth = 0);
	// The return type of the method m as declared before its name (CompactV* values()); invalid if
	// it cannot be parsed.
	TypeRef returnType(const Function& m) const;
	// The typedef sName of sClass or its nearest base, resolved with that class's parameters bound as
	// in kTemplate (sClass's own); invalid if there is none.
	TypeRef classTypedef(const std::string& sClass, const std::string& sName,
		const std::map<std::string, TypeRef>& kTemplate, int iDepth);

	// 1, 2, 4 or 8 for a scalar the stream reads as such; 0 otherwise.
	static int scalarSize(const std::string& s, bool& bUnsigned);

	// The scalar types by name: (size, unsigned).
	static std::unordered_map<std::string, std::pair<int, bool>> scalarTypes();

	int stringKind(const std::string& s) const;

	bool isEnum(const std::string& s) const { return m_t.kEnumTypes.count(s) != 0; }

	// The size of an element of type k (no pointer, no dimension left) as the stream reads it.
	int elementSize(const TypeRef& k, bool& bUnsigned) const;

	// sizeof(k) as Visual C++ lays it out (natural alignment); -1 if it cannot be sized.
	long long sizeOf(const TypeRef& kIn, const Frame& f, int* pAlign = nullptr, int iDepth = 0);

	// The size and alignment of a class (its bases and members in order); -1 if it cannot be sized.
	long long classSize(const TypeRef& k, const Frame& f, int& iAlign, int iDepth);

	// classSize at the top of a sizeOf, remembered by class when it depends on the tree alone: no
	// dimension was evaluated (in the frame) and no type name it resolved is a template parameter of
	// the frame (kept, to check against the frames that ask later).
	long long rememberedClassSize(const TypeRef& k, const Frame& f, int& iAlign);

	// Runs fCompute noting the type names resolve() looks up (into aNames) and whether a dimension is
	// evaluated in the frame; true if what it computed depends on the tree alone, for frame f and for
	// any later frame whose template parameters are none of aNames.
	template <typename Compute>
	bool dependsOnTreeOnly(const Frame& f, std::vector<std::string>& aNames, Compute fCompute)
	{
		std::vector<std::string>* pSavedNames = m_pResolvedNames;
		const bool bSavedUsesFrame = m_bSizeUsesFrame;
		m_pResolvedNames = &aNames;
		m_bSizeUsesFrame = false;
		fCompute();
		const bool bUsesFrame = m_bSizeUsesFrame;
		m_pResolvedNames = pSavedNames;
		m_bSizeUsesFrame = bSavedUsesFrame || bUsesFrame;
		noteResolved(aNames); // an enclosing computation depends on them too
		return !bUsesFrame && !namesTemplateParameter(aNames, f);
	}

	// Adds names resolved by a computation (or a remembered one) to those noted by the enclosing one.
	void noteResolved(const std::vector<std::string>& aNames)
	{
		if (m_pResolvedNames) m_pResolvedNames->insert(m_pResolvedNames->end(), aNames.begin(), aNames.end());
	}

	static bool namesTemplateParameter(const std::vector<std::string>& aNames, const Frame& f);

	// The type of a member of a class (or its bases), with the class's template bindings.
	// resolve() of a member's declared type k in frame f, remembered by declaration and class when the
	// frame binds no template parameter
	TypeRef resolvedMember(const TypeRef& k, const Frame& f);
	// memberOwner(sClass, t.s) remembered by the token that names the member (its class and name
	// compared again: a token of a vector the run builds may take a freed one's place)
	struct MemberAt
	{
		const MemberOwner* pOwner = nullptr;
		std::string sClass, sName;
	};
	const MemberOwner& memberAt(const Tok& t, const std::string& sClass);
	std::unordered_map<const Tok*, MemberAt> m_kMemberAt;
	// resolve() of a local's declared type in frame f, kept with the local when the frame binds no
	// template parameter
	TypeRef resolvedLocal(const Local& l, const Frame& f);
	// What resolve() looks up by a type's name in the tree, found once per name: the typedef it
	// stands for (none if it names a class, or a typedef of itself) and whether a class nested in
	// another has that name.
	struct NameFacts
	{
		const TypeRef* pTypedef = nullptr;
		bool bNested = false;
	};
	const NameFacts& nameFacts(const std::string& sName) const;
	mutable std::unordered_map<std::string, NameFacts> m_kNameFacts;
	std::unordered_map<const TypeRef*, std::pair<std::string, TypeRef>> m_kResolvedMembers;

	bool memberType(const std::string& sClass, const std::string& sMember, TypeRef& kOut,
		const std::vector<TypeRef>& aArgs, std::map<std::string, TypeRef>* pBind = nullptr) const;

	// ----- places -----
	// Parses an lvalue at a[i]: [this->] name ([expr] | .name | ->name)*. Moves i past it.
	Place place(const Toks& a, size_t& i, size_t e, Frame& f);

	// The place a read writes into: every index of it must be known.
	template <typename Where>
	Place readPlace(const Toks& a, size_t& i, size_t e, Frame& f, const Where& sWhere)
	{
		Place p = place(a, i, e, f);
		if (!p.sUnknownIndex.empty()) fail(sWhere, p.sUnknownIndex);
		return p;
	}

	std::string whereTok(const Frame& f, const Toks& a, size_t i) const;
	static std::string why(const Value& v) { return v.sWhy.empty() ? "" : " (" + v.sWhy + ")"; }

	Value load(const Place& p, Frame& f);

	void store(const Place& p, Frame& f, const Value& v);

	// ----- expressions -----
	// (defined in LayoutRunnerExpressions.cpp)
	Value expr(const Toks& a, size_t& i, size_t e, const Frame& fc, int iPrec);

	bool looksLikeCast(const Toks& a, size_t i, size_t e, const Frame& f, TypeRef& kType, size_t& iAfter);

	Value unary(const Toks& a, size_t& i, size_t e, Frame& f);

	Value postfix(const Toks& a, size_t& i, size_t e, Frame& f);

	// (defined in LayoutRunnerCalls.cpp)
	// std::fill_n(first, n, value) with the arguments a[b, e): first an array (m_ai) or an element of one
	// (&m_ai[2]); its n elements from there are set to the value (to unknown if n or first is).
	void fillN(const Toks& a, size_t b, size_t e, Frame& f);

	// std::min(x, y), std::max(x, y), abs(x) of the arguments a[b, e).
	Value standardCall(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f);

	// A class's constant at a[i]: NAME (of the frame's class or a base, not a local), or
	// Class<ARGS>::NAME (the class or specialisation that the arguments, bound here, name). Evaluated
	// in that class's scope; i moves past it. False if it is neither.
	bool classConstantValue(const Toks& a, size_t& i, size_t e, Frame& f, Value& v);

	Value globals(const std::string& sMethod, const Toks& a, size_t b, size_t e);

	// A method with a body that is one return statement, evaluated in the object's frame.
	Value callValue(const Value& kObj, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f);

	Value evalCall(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller);

	// A function's parameters, parsed once: their token ranges and, for each, its declarator (if it
	// parses as one declaration).
	struct Parameters
	{
		std::vector<std::pair<size_t, size_t>> aRanges;
		std::vector<bool> aDeclared;
		std::vector<Declarator> aDecl;
	};
	const Parameters& parameters(const Function& m);
	std::unordered_map<const Function*, Parameters> m_kParameters;
	void bindArgs(const Function& m, Frame& k, const Toks& aArgs, size_t b, size_t e, Frame& fCaller);

	// A function template's parameter named by the type of its parameter (T x, T& x) bound to the type
	// of the argument aArgs[b, e) as written, if the call does not bind it already.
	void deduceTemplate(
		const Function& m, const TypeRef& kParam, const Toks& aArgs, size_t b, size_t e, Frame& k, Frame& fCaller);

	// The template parameters of the function template m that its parameter's type kParam names bound
	// in k as the argument's type kArg deduces them: T from T, T* (an address, an array's element),
	// T a[] and T (&a)[N] (an array's element; the value parameter N its bound, evaluated in fCaller)
	// and Container<T> (the argument's own arguments).
	void unifyTemplate(const Function& m, const TypeRef& kParam, TypeRef kArg, Frame& k, Frame& fCaller);
	// The type of the argument a[b, e) as written: writtenType's, or for &x the pointer to x's.
	TypeRef argumentType(const Toks& a, size_t b, size_t e, Frame& f);

	// Whether the parameter a[b, e) is a reference to what is not const (int& x, T &x).
	static bool isOutReference(const Toks& a, size_t b, size_t e);

	// The template parameters of sOwner, a base of sFrom (whose own are bound in kTemplate), bound from
	// the arguments sFrom gives its base and the base's defaults (class T_SUBSET = IndexType), added to
	// kTemplate. False if sOwner is no base of sFrom.
	bool bindBaseTemplate(
		const std::string& sFrom, const std::string& sOwner, std::map<std::string, TypeRef>& kTemplate, int iDepth = 0);

	// The template parameters of the class kClass (resolved) added to kTemplate: its arguments by
	// position, a value parameter's argument evaluated in fArgs (Map<E, bool, false, sizeof(T)>), then
	// the defaults of those it leaves out, each with the parameters before it bound. An out-of-line
	// method pMethod of the class may name its type parameters otherwise: its names are bound too.
	void bindClassTemplate(const TypeRef& kClass, std::map<std::string, TypeRef>& kTemplate, Frame& fArgs,
		const Function* pMethod = nullptr);

	// The text of a value argument kept as a type (Traits<A, B>::value, parsed as Traits::value<A, B>).
	static std::string valueText(const TypeRef& k);
	// A class template's value parameter bound to i: kept with its type parameters, as the number.
	static TypeRef valueArgument(long long i);
	// The value a class template's value parameter sName is bound to in f; false if it is none.
	static bool boundValue(const Frame& f, const std::string& sName, long long& i);

	// The class template type k with the arguments it leaves out given their defaults
	// (FFreeListTrashArray<CvDeal> is FFreeListTrashArray<CvDeal, CvDeal> for template <class T, class
	// AIType = T>), each default resolved with the parameters before it bound.
	TypeRef withDefaultArguments(TypeRef k);

	// The class that the resolved type k names: a specialisation written with a typedef's name
	// (Traits<byte> for Traits<unsigned char>) is found by its arguments resolved; else k as text.
	std::string specialisationFor(const TypeRef& k);

	// The class the class template type k (its arguments resolved in f) stands for, as the compiler
	// chooses it: the arguments it leaves out given their defaults (a value one evaluated, with the
	// parameters before it bound: bool bINT = limits<T>::is_integer), then the explicit specialisation
	// with those arguments, else the first partial specialisation they match (traits<T, true>,
	// same<T, T>), its parameters bound in kTemplate, else the template with its parameters bound.
	// Empty if k names no class template.
	std::string chooseSpecialisation(const TypeRef& k, Frame& f, std::map<std::string, TypeRef>& kTemplate);
	// Whether the argument kArg matches the specialisation's pattern kPattern, whose parameters
	// aVars are bound in kTemplate as they match (a value written in the pattern evaluated).
	bool matchPattern(const TypeRef& kPattern, const TypeRef& kArg, const std::vector<std::string>& aVars,
		std::map<std::string, TypeRef>& kTemplate);

	// A value converted to the scalar type k (its bits cut and sign extended as the compiler does).
	Value castTo(const TypeRef& k, Value v, Frame& f);

	// The type of the expression a[b, e) as written: a cast's, a variable's or a member's; invalid if
	// it is none of those.
	TypeRef writtenType(const Toks& a, size_t b, size_t e, Frame& f);

	// Whether the function m can be called with n arguments (those past n have defaults).
	bool acceptsArguments(const Function& m, size_t n) const;

	// The free function sName called with the arguments a[b, e): the only one of that name, or the
	// overload whose first parameter has the type of the first argument as written; null if none.
	const Function* freeFunction(const std::string& sName, const Toks& a, size_t b, size_t e, Frame& f);

	// The default argument of parameter j of the method m (of n parameters) as its class declares it
	// (a method defined out of line has its defaults in the class only).
	Value declaredDefault(const Function& m, size_t j, size_t n, Frame& k);

	// (defined in LayoutRunnerExpressions.cpp)
	Value primary(const Toks& a, size_t& i, size_t e, Frame& f);

	// ----- objects -----
	// (defined in LayoutRunnerCalls.cpp)
	bool isObjectType(const TypeRef& k) const;

	// The element class of a member or local object type: T for T, T*, T[n].
	TypeRef objectClass(TypeRef k) const;

	Value newObject(const TypeRef& kType, Frame& f);

	// The record a member object reads into: a new child of the frame's record under its root name.
	LayoutRecord* childOf(const Place& p, Frame& f, const TypeRef& kType);

	// A new object's default constructors run on its record, its bases' first (their initialiser lists
	// are not followed; what their bodies set is kept).
	void construct(const TypeRef& k, LayoutRecord& r, Frame& f);

	// The default constructor of sClass (sDerived or a base of it, whose template parameters are bound in
	// kTemplate) run on r, its bases' first.
	void constructAs(const std::string& sDerived, const std::string& sClass,
		const std::map<std::string, TypeRef>& kTemplate, LayoutRecord& r, Frame& f, int iDepth);

	// The record of a member object used as a value (m_kMap.get(i)): the one it was last read into
	// (not an element of an array of them), else a new one.
	LayoutRecord* memberObject(const Place& p, Frame& f);

	// ----- statements -----
	// (defined in LayoutRunnerStatements.cpp)
	Flow run(const Stmt& s, Frame& f);

	// A switch: the statements from the label that matches its value (else from 'default') up to a
	// 'break' or the end of its body.
	Flow runSwitch(const Stmt& s, Frame& f);

	// ----- standard containers: only their sizes are followed -----
	static bool isContainer(const TypeRef& k);

	// Where a container's size is kept: beside it, as "NAME.size()".
	static Place sizePlace(Place p);

	Value loadSize(const Place& p, Frame& f);

	// c.resize(n), c.assign(n, x), c.clear(), c.push_back(x), c.pop_back(): the size they leave;
	// any other method leaves it unknown.
	void containerCall(const Place& p, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f);

	// The members of sClass (or its bases) that the method m may change: those its body assigns,
	// increments, takes the address of, passes to a call or calls a method of, and those the methods of
	// the class it calls may change in turn. Null if that cannot be told (it passes 'this' on, calls
	// too deep). Remembered by method and class.
	const std::vector<std::string>* membersChanged(const Function& m, const std::string& sClass);

	bool scanMembersChanged(const Function& m, const std::string& sClass, std::set<std::string>& kOut,
		std::set<std::string>& kSeen, int iDepth);

	// The members a call the deriver does not run may change (aMembers, sorted): their values (and
	// their elements' and members') are forgotten, the objects read into them are stale.
	void forgetMembers(LayoutRecord* r, const std::vector<std::string>& aMembers, const StaleCall& kCall);

	void forgetMember(LayoutRecord* r, const std::string& sMember, const StaleCall& kCall);

	static bool hasLoop(const Stmt& s);

	// Whether a statement is (or holds) a call m_kX.method(...) of a member object of the frame's class,
	// whose values the run keeps.
	bool callsMemberMethod(const Stmt& s, const Toks& a, const Frame& f) const;

	// Whether a statement assigns a plain variable or member (not an element of an array).
	static bool assignsScalar(const Stmt& s, const Toks& a);

	// Marks unknown what a statement the interpreter does not run may assign.
	// A branch not taken: its condition and the unknown value it has.
	struct Unfollowed
	{
		const Stmt* pIf;
		const Value* pValue;
	};
	void forget(const Stmt& s, Frame& f, const Unfollowed* pWhy = nullptr);

	// A statement that does not touch the stream: a declaration, an assignment or a call, run for its
	// effect on the values the reads depend on.
	void simple(const Toks& a, size_t b, size_t e, Frame& f);

	// (defined in LayoutRunnerCalls.cpp)
	// name<ARGS>(..., stream, ...) or OBJECT.name<ARGS>(...) at a[b, e): a member function template
	// (of this class, of the object's or of a base) called with explicit template arguments. The
	// explicit specialisation whose arguments are those given is run, else the template, its
	// parameters bound to them. False if it is no such call.
	bool callTemplateMethod(const Toks& a, size_t b, size_t iOpen, size_t e, Frame& f, const CodeLine& sWhere);

	// The method template name<ARGS> of sClass or a base (name at a[iName], iOpen: its call's '('):
	// the explicit specialisation whose arguments are those given (evaluated in f; a specialisation's
	// own in fScope), else the template; aArgs gets the arguments. Null (and why in sWhyNot) if an
	// argument is neither a value nor a type or there is no such template.
	const Function* chooseTemplateMethod(const Toks& a, size_t iName, size_t iOpen, const std::string& sClass, Frame& f,
		Frame& fScope, std::vector<TemplateArgument>& aArgs, std::string& sWhyNot);

	// The frame a method template runs in on the caller's object: its parameters bound to aArgs.
	Frame templateMethodFrame(const Function& m, const std::vector<TemplateArgument>& aArgs, const Frame& f) const;
	// A method template's own parameters bound in k to the explicit arguments (a type parameter to a
	// type, a value parameter to a value); one declared out of its class by its value parameters.
	static void bindTemplateArguments(const Function& m, const std::vector<TemplateArgument>& aArgs, Frame& k);

	// The object a[b, e) a method is called on: a member or local object (a member first used there
	// starts as its default constructor leaves it), or this object through one of its methods that
	// returns it (this->self(), CRTP's derived() returning *static_cast<Derived*>(this)). False if it
	// is neither.
	bool callTarget(const Toks& a, size_t b, size_t e, Frame& f, const CodeLine& sWhere, CallTarget& k);
	// The class of this object as its method sMethod() returns it (return *this; return
	// *static_cast<T*>(this); return static_cast<T&>(*this);), resolved in the frame; false if it
	// returns something else.
	bool selfType(const std::string& sMethod, const Frame& f, TypeRef& kOut);
	// The method sName (taking a stream or not) of the class type kClass or of its nearest base,
	// breadth first, the bases typed with kClass's arguments bound: a base that is a template
	// parameter (template <class Base> class X : public Base) is the type it is bound to. kOwner gets
	// the type (with its arguments) of the class that defines it; null if none does.
	const Function* findMethodOfType(
		const TypeRef& kClass, const std::string& sName, bool bStream, TypeRef& kOwner, Frame& f);

	// The frame the method m runs in on the object k: its class's template parameters bound (and its
	// base's, where m is a base's).
	// (sOwner: the class that defines m, if not m's own sClass)
	Frame targetFrame(const CallTarget& k, const Function& m, Frame& f, const std::string& sOwner = std::string());

	// Why a call f<ARGS>(...) at a[b, iOpen) is not followed; empty if it is no such call.
	static std::string templateCallNote(const Toks& a, size_t b, size_t iOpen);

	// ----- the reads -----
	// (defined in LayoutRunnerReads.cpp)
	bool isStreamTok(const Toks& a, size_t b, size_t e, const Frame& f) const;

	// Why an assignment that names the stream cannot be followed; one that keeps the stream itself
	// (m_stream = pStream) reads through a stream wrapper of the tree's own.
	static std::string assignmentStop(const Toks& a, size_t b, size_t iAssign, size_t e, const std::string& sStream);

	void streamStatement(const Toks& a, size_t b, size_t e, Frame& f, int iLine);

	// (defined in LayoutRunnerCalls.cpp)
	void call(const Function& m, Frame& k);

	// ----- a tagged save wrapper of the tree -----
	// (defined in LayoutRunnerTagged.cpp)
	// The wrapper's state: the globals' (kept across the save's objects), else the run's own.
	TaggedLayoutState& tagged();
	// The class of the wrapper object a[b, e) names ("wrapper", "(wrapper)"); empty if it names none.
	std::string wrapperClass(const Toks& a, size_t b, size_t e, const Frame& f);
	// A statement that names a wrapper object the function attaches: its declaration, the attaching,
	// reset(), a read form, or a statement using its values (run as simple() runs it). False if the
	// statement names no wrapper object (or names the stream itself and is no wrapper call).
	bool taggedStatement(const Toks& a, size_t b, size_t e, Frame& f, int iLine);
	// The wrapper's read form sMethod with the arguments aArgs: the values it reads stored.
	void taggedRead(const std::string& sMethod, const Toks& a, const std::vector<std::pair<size_t, size_t>>& aArgs,
		Frame& f, const CodeLine& sWhere);
	// wrapper.method(args) at a[i] as a value (isUsingTaggedFormat, getNumClassEnumValues,
	// getNewClassEnumValue): true, v and i past it if a[i] starts one.
	bool taggedValue(const Toks& a, size_t& i, size_t e, Frame& f, Value& v);
	// The report's line of a statement naming a wrapper object (bHandled: it is one; the line may be empty).
	std::string describeTagged(const Toks& a, const Stmt& s, const Frame& f, bool& bHandled) const;
	std::shared_ptr<TaggedLayoutState> m_pOwnTagged;

	// (defined in LayoutRunnerReads.cpp)
	void readString(int iKind, const Place& p, Frame& f);

	long long scalar(const unsigned char* q, int iSize, bool bUnsigned) const;

	// Read(&x), Read((T*)&x), Read(n, p), Read(n, (T*)p), Read(n, &v[0]), Read(sizeof(T), (byte*)p)
	void readCall(const Toks& a, const std::vector<std::pair<size_t, size_t>>& aArgs, Frame& f, const CodeLine& sWhere);

	void decodeStruct(const ClassDef& c, Frame& f, const unsigned char* q, LayoutRecord& r)
	{
		for (const RawField& k : rawFields(c, f)) r.kValues[*k.pName] = { scalar(q + k.iOff, k.iSize, k.bUnsigned) };
	}

	// The scalar members of a struct read as raw bytes, where they lie in it: by their layout.
	std::vector<RawField> structFields(const ClassDef& c, Frame& f);

	// structFields, remembered by class as class sizes are (rememberedClassSize).
	const std::vector<RawField>& rawFields(const ClassDef& c, Frame& f);

	// ----- the static walk -----
	// (defined in LayoutRunnerReport.cpp)
	void describeLabel(const Stmt::Case& k, Frame& f, int iDepth, LayoutClassReport& kOut);

	void describeStmt(const Stmt& s, Frame& f, int iDepth, LayoutClassReport& kOut, std::vector<std::string>& aReached);

	template <typename Line>
	void describeSimple(const Toks& a, const Stmt& s, Frame& f, Line& line, std::vector<std::string>& aReached);

	// The declared type of a local, found by its declaration in the function (for the report).
	std::string localType(const Toks& a, const Frame& f, const std::string& sName) const;

	const SaveLayout::Impl& m_t;
	// sizeOf's remembered class sizes (rememberedClassSize)
	struct ClassSize
	{
		long long iSize = 0;
		int iAlign = 1;
		std::vector<std::string> aNames; // the type names resolved to size it
	};
	std::unordered_map<std::string, ClassSize> m_kClassSizes;
	// the class a class template's full arguments choose and the parameters it binds, by those
	// arguments' text (chooseSpecialisation)
	std::unordered_map<std::string, std::pair<std::string, std::map<std::string, TypeRef>>> m_kChosen;
	// decodeStruct's remembered layouts (rawFields)
	struct RawFields
	{
		std::vector<RawField> aFields;
		std::vector<std::string> aNames; // the type names resolved to lay them out
	};
	std::unordered_map<const ClassDef*, RawFields> m_kRawFields;
	std::vector<RawField> m_aUnremembered; // a layout that depends on the frame: its last one
	std::vector<std::string>* m_pResolvedNames = nullptr; // resolve() notes the names it looks up here
	bool m_bSizeUsesFrame = false; // a dimension was evaluated in the frame
	LayoutStream* m_pStream;
	LayoutCounts m_fCounts;
	const bool m_bNames; // take() is given what is read
	std::set<std::string> m_kBusy;
	const Toks* m_pConstToks = nullptr;
	const Toks* m_pToks = nullptr;
	std::string m_sConstFile;
	Value m_kReturn;
	int m_iValueCalls = 0; // calls for a value (evalCall) running
	bool m_bCallNotRun = false; // a call was not run (too deep, no template to run): its effects are not known
	std::map<std::pair<const LayoutRecord*, std::string>, std::string> m_kStrings;
	// why a member was last set to a value the deriver cannot follow, and where
	struct UnknownSet
	{
		const Function* pFunc = nullptr;
		int iLine = 0;
		std::string sWhy;
	};
	std::map<std::pair<const LayoutRecord*, std::string>, UnknownSet> m_kUnknownSet;
	std::vector<std::shared_ptr<LayoutRecord>> m_aOrphans;
	long long m_iSteps = 0;
	long long m_iLoopBudget = 1 << 22;
	const Function* m_pWhereFunc = nullptr;
	int m_iWhereLine = 0;
	// a call the deriver does not run may change any member of its object: the values set before it
	// are stale (the write's epoch is older than the object's last such call)
	long long m_iEpoch = 0;
	std::unordered_map<const LayoutRecord*, StaleCall> m_kStaleCalls; // the last such call of each object
	// the members such a call may change (membersChanged), by object: the call
	// (the members, membersChanged's sorted list; the call), oldest first
	std::unordered_map<const LayoutRecord*, std::vector<std::pair<const std::vector<std::string>*, StaleCall>>>
		m_kChangedBy;
	struct FunctionClassHash
	{
		size_t operator()(const std::pair<const Function*, std::string>& k) const
		{
			return std::hash<const Function*>()(k.first) * 31 + std::hash<std::string>()(k.second);
		}
	};
	std::unordered_map<std::pair<const Function*, std::string>, std::pair<bool, std::vector<std::string>>,
		FunctionClassHash>
		m_kMembersChanged;
	// (defined in LayoutRunnerStatements.cpp)
	// "reset() at CvPlot.cpp:1234 (CvPlot::read)"
	std::string staleCall(const LayoutRecord* r) const;
	std::unordered_map<const LayoutRecord*, long long> m_kStaleSince;
	std::unordered_map<const LayoutRecord*, std::unordered_map<std::string, long long>> m_kWritten;
	// Only a write after the record's last such call is told apart: one before it is stale whether it
	// is noted or not (the call's epoch is newer than every write so far), so writes to a record no
	// call has made stale yet are not noted.
	void noteWrite(const LayoutRecord* r, const std::string& sKey)
	{
		if (m_kStaleSince.count(r)) m_kWritten[r][sKey] = m_iEpoch;
	}
	bool isStale(const LayoutRecord* r, const std::string& sKey) const;

public:
	long long m_iMaxSteps = 1ll << 40;

private:
	// The argument text aArg of the class template parameter kParam in f: a type resolved, a value
	// evaluated and kept as its number (valueArgument); false if it is neither.
	bool templateArgument(const ClassDef::TemplateParam& kParam, const Toks& aArg, const Frame& f, TypeRef& kArg);
	// The argument of kParam, the n-th parameter of the class template kClass: its own (a type as given,
	// a value's text evaluated in fGiven) or its default (in kBound, those before it bound); false if it
	// has neither or it cannot be evaluated.
	bool templateArgument(const ClassDef::TemplateParam& kParam, const TypeRef& kClass, size_t n, const Frame& fGiven,
		const Frame& kBound, TypeRef& kArg);

	// Where the place a read's target a[b, e) (a Read's last argument, a tagged read's place) names
	// begins, past a cast "(T*)" (kCast: T, bCast) and an '&' (bAddress) and inside brackets around
	// it; iEnd: where it ends, before the brackets closed after it.
	size_t readTargetPlace(
		const Toks& a, size_t b, size_t e, TypeRef& kCast, bool& bCast, bool& bAddress, size_t& iEnd);
	// The type of an element read into p: p's own through an '&', else a pointer's or an array's
	// element; fails on any other unless the read is cast or (bStrings) p is a string read whole.
	TypeRef readElementType(const Place& p, bool bAddress, bool bCast, bool bStrings, const Toks& a, size_t b, size_t e,
		const CodeLine& sWhere);
	// The free function sName of the tree (its first definition); fails if the tree has none.
	const Function& treeFunction(const std::string& sName, const CodeLine& sWhere) const;
	// The frame of a method of f's own object defined in sOwner (f's class or a base of it): the same
	// record and class, the base's template parameters bound by their own names, one call deeper.
	Frame ownMethodFrame(const Frame& f, const std::string& sOwner);
};

} // namespace cvv::layout
