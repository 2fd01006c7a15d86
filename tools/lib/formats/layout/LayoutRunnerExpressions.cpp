// The LayoutRunner's expressions: binary and unary operators, casts, postfix forms, primaries.
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace cvv::layout {

Value LayoutRunner::expr(const Toks& a, size_t& i, size_t e, const Frame& fc, int iPrec)
{
	Frame& f = const_cast<Frame&>(fc);
	Value x = unary(a, i, e, f);
	for (;;)
	{
		if (i >= e) return x;
		const TokText& op = a[i].s;
		if (op == "?" && iPrec == 0)
		{
			++i;
			const size_t iColon = findTop(a, i, e, ":");
			if (iColon == std::string::npos) return Value::unknown("a '?' without ':'");
			Value y = expr(a, i, iColon, f, 0);
			i = iColon + 1;
			Value z = expr(a, i, e, f, 0);
			if (x.eKind != Value::Int)
				return x.eKind == Value::Obj ? y : Value::unknown("the condition of a '?:'" + why(x));
			x = x.i ? y : z;
			continue;
		}
		const int p = binaryPrec(op);
		if (p == 0 || p <= iPrec) return x;
		++i;
		Value y = expr(a, i, e, f, p);
		if (op == "&&" && x.eKind == Value::Int && x.i == 0) continue;
		if (op == "||" && x.eKind == Value::Int && x.i != 0)
		{
			x = Value::of(1);
			continue;
		}
		auto asInt = [](const Value& v) -> std::pair<bool, long long> {
			if (v.eKind == Value::Int) return { true, v.i };
			if (v.eKind == Value::Obj) return { true, 1 }; // an object's address: not NULL
			return { false, 0 };
		};
		const auto [bX, iX] = asInt(x);
		const auto [bY, iY] = asInt(y);
		if (!bX || !bY)
		{
			x = Value::unknown(!bX ? (x.sWhy.empty() ? "an operand of '" + op + "'" : x.sWhy)
								   : (y.sWhy.empty() ? "an operand of '" + op + "'" : y.sWhy));
			continue;
		}
		long long r = 0;
		if (!applyBinary(op, iX, iY, r))
			x = Value::unknown("a division by zero, or one that overflows");
		else
			x = Value::of(r);
	}
}

bool LayoutRunner::looksLikeCast(const Toks& a, size_t i, size_t e, const Frame& f, TypeRef& kType, size_t& iAfter)
{
	// "(" type ")" followed by an operand
	if (i >= e || a[i].s != "(") return false;
	const size_t iClose = matchClose(a, i);
	if (iClose == std::string::npos || iClose + 1 >= e + 1) return false;
	size_t j = i + 1;
	TypeRef k = parseType(a, j, iClose);
	if (!k.bValid || j != iClose) return false;
	bool bUnsigned = false;
	const TypeRef r = resolve(k, f);
	const bool bType = scalarSize(k.sName, bUnsigned) || isEnum(k.sName) || m_t.kClasses.count(k.sName)
		|| m_t.kTypedefs.count(k.sName) || f.kTemplate.count(k.sName) || k.iPtr > 0 || elementSize(r, bUnsigned);
	if (!bType || f.kLocals.count(k.sName) || isConstant(k.sName)) return false;
	kType = k;
	iAfter = iClose + 1;
	return iAfter < e
		&& (a[iAfter].k != 'p' || a[iAfter].s == "(" || a[iAfter].s == "&" || a[iAfter].s == "*" || a[iAfter].s == "-"
			|| a[iAfter].s == "!" || a[iAfter].s == "~");
}

Value LayoutRunner::unary(const Toks& a, size_t& i, size_t e, Frame& f)
{
	if (i >= e) return Value::unknown("an expression ends early");
	const TokText& t = a[i].s;
	if (a[i].k == 'p')
	{
		if (t == "!" || t == "-" || t == "~" || t == "+")
		{
			++i;
			Value v = unary(a, i, e, f);
			if (v.eKind == Value::Obj && t == "!") return Value::of(0);
			if (v.eKind != Value::Int) return v;
			return Value::of(t == "!" ? !v.i : t == "-" ? -v.i : t == "~" ? ~v.i : v.i);
		}
		if (t == "++" || t == "--")
		{
			++i;
			size_t j = i;
			Place p = place(a, j, e, f);
			if (!p.bValid) return Value::unknown("'" + t + "' on what is not a variable");
			i = j;
			Value v = load(p, f);
			if (v.eKind == Value::Int) v.i += t == "++" ? 1 : -1;
			store(p, f, v);
			return v;
		}
		if (t == "*" || t == "&")
		{
			++i;
			return unary(a, i, e, f);
		}
		TypeRef kCast;
		size_t iAfter = 0;
		if (looksLikeCast(a, i, e, f, kCast, iAfter))
		{
			i = iAfter;
			Value v = unary(a, i, e, f);
			bool bUnsigned = false;
			const int iSize = elementSize(resolve(kCast, f), bUnsigned);
			if (v.eKind == Value::Int && iSize > 0 && iSize < 8)
			{
				const unsigned long long iMask = (1ull << (8 * iSize)) - 1;
				unsigned long long u = static_cast<unsigned long long>(v.i) & iMask;
				if (!bUnsigned && (u >> (8 * iSize - 1)))
					v.i = static_cast<long long>(u | ~iMask);
				else
					v.i = static_cast<long long>(u);
			}
			return v;
		}
	}
	return postfix(a, i, e, f);
}

Value LayoutRunner::postfix(const Toks& a, size_t& i, size_t e, Frame& f)
{
	Value v;
	if (taggedValue(a, i, e, f, v)) return v;
	v = primary(a, i, e, f);
	while (i < e)
	{
		if ((a[i].s == "." || a[i].s == "->") && i + 2 < e && a[i + 1].k == 'i' && a[i + 2].s == "(")
		{
			const std::string sMethod = a[i + 1].s;
			const size_t iClose = matchClose(a, i + 2);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
			if (v.eKind == Value::Str
				&& (sMethod == "empty" || sMethod == "size" || sMethod == "length" || sMethod == "GetLength"))
				v = Value::of(sMethod == "empty" ? v.s.empty() : static_cast<long long>(v.s.size()));
			else if (v.eKind == Value::Globals)
				v = globals(sMethod, a, i + 3, iClose);
			else if (v.eKind == Value::Obj && v.pObj)
				v = callValue(v, sMethod, a, i + 3, iClose, f);
			else
				v = Value::unknown("." + sMethod + "()" + why(v));
			i = iClose + 1;
			continue;
		}
		if (a[i].s == "++" || a[i].s == "--")
		{
			++i; // handled by statements as assignments
			continue;
		}
		break;
	}
	return v;
}

Value LayoutRunner::primary(const Toks& a, size_t& i, size_t e, Frame& f)
{
	// this->method(...): the method of this object
	if (a[i].s == "this" && i + 3 < e && a[i + 1].s == "->" && a[i + 2].k == 'i' && a[i + 3].s == "(") i += 2;
	const Tok& t = a[i];
	if (t.s == "(")
	{
		const size_t iClose = matchClose(a, i);
		if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced '('");
		size_t j = i + 1;
		Value v = expr(a, j, iClose, f, 0);
		i = iClose + 1;
		return v;
	}
	if (t.k == 'n')
	{
		++i;
		std::string s = t.s;
		while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L')) s.pop_back();
		if (s.find('.') != std::string::npos
			|| ((s.find('e') != std::string::npos || s.find('f') != std::string::npos) && s.compare(0, 2, "0x") != 0))
			return Value::unknown("a floating-point number");
		return Value::of(std::strtoll(s.c_str(), nullptr, 0));
	}
	if (t.k == 'c')
	{
		++i;
		return Value::of(t.s.size() >= 3 ? static_cast<unsigned char>(t.s[1]) : 0);
	}
	if (t.k == 's')
	{
		++i;
		Value v;
		v.eKind = Value::Str;
		v.s = t.s.substr(1, t.s.size() - 2);
		return v;
	}
	if (t.k != 'i')
	{
		++i;
		return Value::unknown("'" + t.s + "' where a value belongs");
	}
	if (t.s == "sizeof")
	{
		++i;
		if (i < e && a[i].s == "(")
		{
			const size_t iOpenSize = i;
			const size_t iClose = matchClose(a, i);
			size_t j = i + 1;
			TypeRef k = parseType(a, j, iClose);
			i = iClose + 1;
			// sizeof(m_x) / sizeof(x): the size of a member's or a local's type
			size_t n = iOpenSize + 1;
			TypeRef kMember;
			const bool bVariable =
				f.kLocals.count(a[n].s) || (!f.sClass.empty() && memberType(f.sClass, a[n].s, kMember, {}));
			const Place p = bVariable ? place(a, n, iClose, f) : Place();
			if (p.bValid && n == iClose) k = p.kType;
			if (k.bValid && (j == iClose || (p.bValid && n == iClose)) && (p.bValid || !f.kLocals.count(k.sName)))
			{
				const long long n = sizeOf(k, f);
				if (n < 0) return Value::unknown("sizeof(" + typeText(k) + ") cannot be computed");
				return Value::of(n);
			}
		}
		return Value::unknown("a sizeof of an expression");
	}
	if (t.s == "true" || t.s == "false")
	{
		++i;
		return Value::of(t.s == "true");
	}
	if (t.s == "NULL")
	{
		++i;
		return Value::of(0);
	}
	if (i + 1 < e && a[i + 1].s == "." && !f.kLocals.count(t.s) && m_t.kGlobalVariables.count(t.s)
		&& m_t.kGlobalVariables.at(t.s).sName == "CvGlobals" && !m_t.kGlobalVariables.at(t.s).iPtr)
	{
		++i;
		Value v;
		v.eKind = Value::Globals;
		return v;
	}
	// static_cast<T>(x) (and reinterpret_cast, const_cast): x as a T
	if ((t.s == "static_cast" || t.s == "reinterpret_cast" || t.s == "const_cast") && i + 1 < e && a[i + 1].s == "<")
	{
		const size_t iGt = matchClose(a, i + 1);
		const size_t iClose =
			iGt != std::string::npos && iGt + 1 < e && a[iGt + 1].s == "(" ? matchClose(a, iGt + 1) : std::string::npos;
		if (iClose == std::string::npos || iClose >= e) return Value::unknown("a cast the deriver cannot parse");
		size_t j = i + 2;
		const TypeRef kCast = parseType(a, j, iGt);
		size_t n = iGt + 2;
		const Value v = expr(a, n, iClose, f, 0);
		i = iClose + 1;
		return kCast.bValid && j == iGt ? castTo(kCast, v, f) : Value::unknown("a cast to what is not a type");
	}
	if (t.s == "GC" && i + 1 < e && a[i + 1].s == ".") // or a global CvGlobals object (gGlobals)
	{
		++i;
		Value v;
		v.eKind = Value::Globals;
		return v;
	}
	if (t.s == "new")
	{
		// new T / new T[n] / new T(args): an object of its own (or an array nobody reads back)
		++i;
		size_t j = i;
		TypeRef k = parseType(a, j, e);
		i = e;
		Value v = Value::unknown("a new object");
		v.kType = k;
		return v;
	}
	// std::min, std::max, abs (and the unqualified min and max of the Windows headers)
	{
		const size_t iName = t.s == "std" && i + 2 < e && a[i + 1].s == "::" ? i + 2 : i;
		const TokText& sName = a[iName].s;
		if ((sName == "min" || sName == "max" || sName == "abs") && iName + 1 < e && a[iName + 1].s == "("
			&& (iName != i || f.sClass.empty() || !m_t.findMethod(f.sClass, sName, false)))
		{
			const size_t iClose = matchClose(a, iName + 1);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
			i = iClose + 1;
			return standardCall(sName, a, iName + 2, iClose, f);
		}
		if (iName != i && sName == "fill_n" && iName + 1 < e && a[iName + 1].s == "(")
		{
			const size_t iClose = matchClose(a, iName + 1);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
			i = iClose + 1;
			fillN(a, iName + 2, iClose, f);
			return Value::unknown("std::fill_n returns an iterator the deriver does not follow");
		}
	}
	// name<ARGS>(...): a method template of this class, run (its specialisation chosen by the values)
	if (i + 1 < e && a[i + 1].s == "<" && !f.sClass.empty() && !f.kLocals.count(t.s))
	{
		const size_t iGt = matchClose(a, i + 1);
		if (iGt != std::string::npos && iGt + 1 < e && a[iGt + 1].s == "(" && !m_t.methodsNamed(f.sClass, t.s).empty())
		{
			const size_t iClose = matchClose(a, iGt + 1);
			if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
			std::vector<TemplateArgument> aValues;
			std::string sWhyNot;
			const Function* m = chooseTemplateMethod(a, i, iGt + 1, f.sClass, f, f, aValues, sWhyNot);
			const size_t iArgs = iGt + 2;
			i = iClose + 1;
			if (!m)
			{
				m_bCallNotRun = true;
				return Value::unknown(sWhyNot);
			}
			Frame k = templateMethodFrame(*m, aValues, f);
			return evalCall(*m, k, a, iArgs, iClose, f);
		}
	}
	// a call: a method of this class or a free function, evaluated if its body is a return
	if (i + 1 < e && a[i + 1].s == "(")
	{
		const size_t iClose = matchClose(a, i + 1);
		if (iClose == std::string::npos || iClose >= e) return Value::unknown("an unbalanced call");
		const std::string sName = t.s;
		const size_t iArgs = i + 2;
		i = iClose + 1;
		if (m_t.kFunctionMacros.count(sName)) return Value::unknown("the macro " + sName + "() is not followed");
		std::string sOwner;
		const Function* m = f.sClass.empty() ? nullptr : m_t.findMethod(f.sClass, sName, false, &sOwner);
		// a method returning this object (CRTP's derived()): the object, as the class it says
		TypeRef kSelf;
		if (m && f.pRecord && iArgs == iClose && selfType(sName, f, kSelf)
			&& !(kSelf.sName == f.sClass && kSelf.aArgs.empty()))
		{
			Value v;
			v.eKind = Value::Obj;
			v.pObj = f.pRecord;
			v.kType = kSelf;
			return v;
		}
		if (m)
		{
			Frame k = ownMethodFrame(f, sOwner);
			return evalCall(*m, k, a, iArgs, iClose, f);
		}
		const Function* pFree = freeFunction(sName, a, iArgs, iClose, f);
		if (pFree)
		{
			Frame k;
			k.iDepth = f.iDepth + 1;
			return evalCall(*pFree, k, a, iArgs, iClose, f);
		}
		return Value::unknown(sName + "() is not a method of " + (f.sClass.empty() ? std::string("this") : f.sClass));
	}
	// a static method of a class template's specialisation: Traits<ARGS>::length() (of the class the
	// arguments choose), evaluated without an object
	if (i + 1 < e && a[i + 1].s == "<" && m_t.findClass(t.s))
	{
		const size_t iGt = matchClose(a, i + 1);
		if (iGt != std::string::npos && iGt + 3 < e && a[iGt + 1].s == "::" && a[iGt + 2].k == 'i'
			&& a[iGt + 3].s == "(")
		{
			size_t n = i;
			TypeRef kClass = parseType(a, n, iGt + 1);
			const size_t iClose = matchClose(a, iGt + 3);
			if (kClass.bValid && n == iGt + 1 && iClose != std::string::npos && iClose < e)
			{
				kClass = resolve(kClass, f);
				Frame k;
				k.sClass = specialisationFor(kClass);
				if (!m_t.findClass(k.sClass)) k.sClass = chooseSpecialisation(kClass, f, k.kTemplate);
				const Function* m = k.sClass.empty() ? nullptr : m_t.findMethod(k.sClass, a[iGt + 2].s, false);
				if (m)
				{
					k.iDepth = f.iDepth + 1;
					const size_t iArgs = iGt + 4;
					i = iClose + 1;
					return evalCall(*m, k, a, iArgs, iClose, f);
				}
			}
		}
	}
	// a class's constant: NAME in its own or a base's scope, Traits<ARGS>::NAME in a specialisation's
	{
		size_t j = i;
		Value v;
		if (classConstantValue(a, j, e, f, v))
		{
			i = j;
			return v;
		}
	}
	// a function of a namespace: Space::name(...) (a namespace's functions are kept at file scope)
	if (i + 3 < e && a[i + 1].s == "::" && a[i + 2].k == 'i' && a[i + 3].s == "(" && !m_t.findClass(t.s))
	{
		const size_t iClose = matchClose(a, i + 3);
		const Function* pFree =
			iClose == std::string::npos || iClose >= e ? nullptr : freeFunction(a[i + 2].s, a, i + 4, iClose, f);
		if (pFree)
		{
			const size_t iArgs = i + 4;
			i = iClose + 1;
			Frame k;
			k.iDepth = f.iDepth + 1;
			return evalCall(*pFree, k, a, iArgs, iClose, f);
		}
	}
	// a qualified constant: Class::NAME or Enum::NAME
	if (i + 2 < e && a[i + 1].s == "::" && a[i + 2].k == 'i')
	{
		const std::string sName = a[i + 2].s;
		i += 3;
		if (isConstant(sName))
		{
			try
			{
				return Value::of(constant(sName, whereTok(f, a, i - 1)));
			}
			catch (const LayoutError& e)
			{
				return Value::unknown(e.what());
			}
		}
		if (i < e && a[i].s == "(" && m_t.findClass(t.s) && m_t.findMethod(t.s, sName, false))
			return Value::unknown(t.s + "::" + sName
				+ "() is a static method, which the deriver does not run (it reads each team and player on its "
				  "own, without the others)");
		return Value::unknown(t.s + "::" + sName + " is not a constant");
	}
	// a variable or a member
	{
		size_t j = i;
		Place p = place(a, j, e, f);
		if (p.bValid)
		{
			i = j;
			// a container's size, as resize(), clear() and push_back() left it
			if (isContainer(p.kType) && i + 3 < e && (a[i].s == "." || a[i].s == "->")
				&& (a[i + 1].s == "size" || a[i + 1].s == "empty") && a[i + 2].s == "(" && a[i + 3].s == ")")
			{
				const bool bEmpty = a[i + 1].s == "empty";
				i += 4;
				const Value v = loadSize(p, f);
				return bEmpty && v.eKind == Value::Int ? Value::of(v.i == 0) : v;
			}
			// an assignment
			if (i < e
				&& (a[i].s == "=" || a[i].s == "+=" || a[i].s == "-=" || a[i].s == "|=" || a[i].s == "&="
					|| a[i].s == "^=" || a[i].s == "<<=" || a[i].s == ">>=" || a[i].s == "*=" || a[i].s == "/="))
			{
				const TokText op = a[i].s;
				++i;
				Value y = expr(a, i, e, f, 0);
				if (op != "=")
				{
					Value x = load(p, f);
					long long r = 0;
					const TokText sOp(op.substr(0, op.size() - 1));
					if (x.eKind == Value::Int && y.eKind == Value::Int && applyBinary(sOp, x.i, y.i, r))
						y = Value::of(r);
					else
						y = Value::unknown(p.sKey + " " + op + " an unknown value");
				}
				if (y.eKind == Value::Unknown && y.kType.bValid && isObjectType(resolve(y.kType, f)))
					y = newObject(resolve(y.kType, f), f);
				store(p, f, y);
				return y;
			}
			if (i < e && (a[i].s == "++" || a[i].s == "--"))
			{
				Value x = load(p, f);
				Value y = x;
				if (y.eKind == Value::Int) y.i += a[i].s == "++" ? 1 : -1;
				store(p, f, y);
				++i;
				return x;
			}
			Value v = load(p, f);
			// a member object (not a pointer: what a pointer member points to is not known here)
			if (v.eKind == Value::Obj || (v.eKind == Value::Unknown && p.kType.iPtr == 0 && isObjectType(p.kType)))
			{
				if (v.eKind != Value::Obj && !p.bLocal && p.pObj)
				{
					v.eKind = Value::Obj;
					v.pObj = memberObject(p, f);
				}
				v.kType = p.kType;
			}
			return v;
		}
	}
	if (isConstant(t.s))
	{
		++i;
		try
		{
			return Value::of(constant(t.s, whereTok(f, a, i - 1)));
		}
		catch (const LayoutError& e)
		{
			return Value::unknown(e.what());
		}
	}
	long long iBound = 0;
	if (boundValue(f, t.s, iBound))
	{
		++i;
		return Value::of(iBound);
	}
	++i;
	return Value::unknown("'" + t.s + "' is neither a variable, a member nor a constant of the tree");
}

} // namespace cvv::layout
