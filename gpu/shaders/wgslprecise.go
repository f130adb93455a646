package shaders

import (
	"fmt"
	"strings"
)

// This file is WGSL's `precise`, and its -precision worst: a rewrite of
// the WGSL source that knows the type of every expression.
//
// WGSL has no `precise`, and the compilers under it rewrite float
// expressions freely (WGSL §15.7.5 allows it): Mesa, behind Dawn's OpenGL
// ES backend, fuses a product into the sum it feeds (an fma, rounded once),
// reassociates constants (c·(a·b) becomes (c·a)·b) and factors
// a·b + a·c into a·(b + c). Each rounds differently from the CPU. The
// GLSL forbids them by declaring every float temporary precise; the WGSL
// gets the same effect from preciseWGSL, which passes the result of every
// f32 (and vecNf) +, −, × and / and of every inexact built-in (sqrt,
// inverseSqrt, exp, log, exp2, log2, pow) through fence (common.wgsl: an
// integer xor with a zero the compiler cannot know), so that no float
// operation ever has another float operation as an operand and no rewrite
// can match across two of them. Constant expressions (const
// declarations, abstract-float arithmetic) are left alone: they are
// evaluated exactly by the WGSL compiler, before any rewrite.
//
// With worst, the same walk replaces every f32 `a / b` by
// worstDiv(a, b, site) and every call of an inexact built-in by its
// worst-case twin of wgsl/worst.wgsl, as Worst does for GLSL.

// wgslFenceFuncs are the fences of each float type; fence (f32) is in
// common.wgsl, the vector ones are wgslVectorFences.
var wgslFenceFuncs = map[string]string{"f32": "fence", "vec2f": "fence2", "vec3f": "fence3", "vec4f": "fence4"}

// wgslVectorFences are fence for the float vectors (the rewrite adds them).
const wgslVectorFences = `
// fence2, fence3 and fence4 are fence (common.wgsl) for vec2f, vec3f and
// vec4f: preciseWGSL fences every float vector operation with them.
fn fence2(x: vec2f) -> vec2f { return bitcast<vec2f>(bitcast<vec2u>(x) ^ vec2u(noiseOpaque)); }
fn fence3(x: vec3f) -> vec3f { return bitcast<vec3f>(bitcast<vec3u>(x) ^ vec3u(noiseOpaque)); }
fn fence4(x: vec4f) -> vec4f { return bitcast<vec4f>(bitcast<vec4u>(x) ^ vec4u(noiseOpaque)); }
`

// wgslInexact are the built-ins WGSL §15.7.4.1 does not require to be
// correctly rounded, with their worst-case twins (wgsl/worst.wgsl).
var wgslInexact = map[string]string{
	"sqrt": "worstSqrt", "inverseSqrt": "worstInversesqrt", "exp": "worstExp", "log": "worstLog",
	"exp2": "worstExp2", "log2": "worstLog2", "pow": "worstPow",
}

// wnode is a parsed expression: its significant tokens [lo, hi) and type.
type wnode struct {
	lo, hi int
	typ    string
}

// wgslWalker parses WGSL just far enough to type every expression.
type wgslWalker struct {
	all      []gtok // every token
	idx      []int  // the significant tokens' indices in all
	pos      int    // the next significant token
	pre      []string
	post     []string
	repl     map[int]string // token index (in all) → replacement text
	structs  map[string]map[string]string
	funcs    map[string]string // return types
	scopes   []map[string]string
	worst    bool // replace the inexact operations, before token worstEnd
	worstEnd int
	sites    int
	noFence  bool // inside a const declaration
	err      error
}

func (w *wgslWalker) tok(i int) string {
	if i < len(w.idx) {
		return w.all[w.idx[i]].text
	}
	return ""
}

// inWorst reports whether the worst-case rewrite applies here.
func (w *wgslWalker) inWorst() bool { return w.worst && w.pos < w.worstEnd }

func (w *wgslWalker) peek() string { return w.tok(w.pos) }

func (w *wgslWalker) next() string {
	t := w.peek()
	w.pos++
	return t
}

func (w *wgslWalker) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("shaders: WGSL rewrite at %q: %s", w.context(), fmt.Sprintf(format, args...))
	}
	w.pos = len(w.idx)
}

func (w *wgslWalker) context() string {
	var b []string
	for i := max(0, w.pos-6); i < min(len(w.idx), w.pos+4); i++ {
		b = append(b, w.tok(i))
	}
	return strings.Join(b, " ")
}

func (w *wgslWalker) expect(s string) {
	if t := w.next(); t != s {
		w.pos--
		w.fail("want %q, have %q", s, t)
	}
}

func (w *wgslWalker) lookup(name string) (string, bool) {
	for i := len(w.scopes) - 1; i >= 0; i-- {
		if t, ok := w.scopes[i][name]; ok {
			return t, true
		}
	}
	return "", false
}

func (w *wgslWalker) declare(name, typ string) { w.scopes[len(w.scopes)-1][name] = typ }

// wrap inserts before and after the node's tokens.
func (w *wgslWalker) wrap(n wnode, before, after string) {
	w.pre[w.idx[n.lo]] = before + w.pre[w.idx[n.lo]]
	w.post[w.idx[n.hi-1]] += after
}

// parseType reads a type: a name, with a template list for the generic ones.
func (w *wgslWalker) parseType() string {
	name := w.next()
	if w.peek() != "<" {
		return normType(name)
	}
	var b strings.Builder
	b.WriteString(name)
	depth := 0
	for w.pos < len(w.idx) {
		t := w.next()
		b.WriteString(t)
		if t == "," {
			b.WriteString(" ")
		}
		switch t {
		case "<":
			depth++
		case ">":
			depth--
		case ">>":
			depth -= 2
		}
		if depth <= 0 {
			break
		}
	}
	return normType(b.String())
}

// normType writes vecN<T> as vecNf, vecNi, vecNu (bool vectors stay).
func normType(t string) string {
	for _, c := range []struct{ long, short string }{{"<f32>", "f"}, {"<i32>", "i"}, {"<u32>", "u"}} {
		if strings.HasPrefix(t, "vec") && strings.HasSuffix(t, c.long) && len(t) == 4+len(c.long) {
			return t[:4] + c.short
		}
	}
	return t
}

// isFloat reports whether t is f32 or a float vector (the types fenced).
func isFloat(t string) bool { _, ok := wgslFenceFuncs[t]; return ok }

// elemType is the component type of a vector, the element type of an
// array, or the pointee of a pointer.
func elemType(t string) string {
	switch {
	case strings.HasPrefix(t, "vec") && len(t) == 5:
		return map[byte]string{'f': "f32", 'i': "i32", 'u': "u32", 'h': "f16"}[t[4]]
	case strings.HasPrefix(t, "vec") && strings.HasSuffix(t, "<bool>"):
		return "bool"
	case strings.HasPrefix(t, "array<"):
		inner := strings.TrimSuffix(strings.TrimPrefix(t, "array<"), ">")
		if i := strings.LastIndex(inner, ","); i >= 0 {
			inner = inner[:i]
		}
		return normType(strings.TrimSpace(inner))
	}
	return ""
}

// vecOf returns the vector of n components of type c.
func vecOf(n int, c string) string {
	switch c {
	case "f32", "afloat":
		return fmt.Sprintf("vec%df", n)
	case "i32", "aint":
		return fmt.Sprintf("vec%di", n)
	case "u32":
		return fmt.Sprintf("vec%du", n)
	}
	return fmt.Sprintf("vec%d<%s>", n, c)
}

// derefType strips a pointer type.
func derefType(t string) string {
	if strings.HasPrefix(t, "ptr<") {
		inner := strings.TrimSuffix(strings.TrimPrefix(t, "ptr<"), ">")
		if i := strings.Index(inner, ","); i >= 0 {
			inner = strings.TrimSpace(inner[i+1:])
		}
		if i := strings.LastIndex(inner, ","); i >= 0 && !strings.Contains(inner[i:], ">") {
			inner = strings.TrimSpace(inner[:i]) // an access mode
		}
		return normType(inner)
	}
	return t
}

// arith is the type of a binary arithmetic operation on a and b.
func arith(a, b string) string {
	switch {
	case strings.HasPrefix(a, "vec"):
		return a
	case strings.HasPrefix(b, "vec"):
		return b
	case a == b:
		return a
	case a == "afloat" || a == "aint":
		return b
	case b == "afloat" || b == "aint":
		return a
	}
	return a
}

var binPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// parseExpr parses a binary expression of operators binding at least minPrec.
func (w *wgslWalker) parseExpr(minPrec int) wnode {
	left := w.parseUnary()
	for w.err == nil {
		op := w.peek()
		p, ok := binPrec[op]
		if !ok || p < minPrec {
			return left
		}
		opPos := w.pos
		w.pos++
		right := w.parseExpr(p + 1)
		n := wnode{left.lo, right.hi, ""}
		switch op {
		case "==", "!=", "<", ">", "<=", ">=", "&&", "||":
			n.typ = "bool"
		case "<<", ">>":
			n.typ = left.typ
		default:
			n.typ = arith(left.typ, right.typ)
		}
		if op == "/" && w.inWorst() && n.typ == "f32" && !w.noFence {
			w.wrap(n, "worstDiv(", fmt.Sprintf(", 0x%08Xu)", 0x5A17E000+w.sites))
			w.repl[w.idx[opPos]] = ","
			w.sites++
		} else if op == "/" && w.inWorst() && isFloat(n.typ) && !w.noFence {
			w.fail("a division of %s has no worst-case form", n.typ)
		} else if strings.Contains("+-*/", op) && isFloat(n.typ) && !w.noFence {
			w.wrap(n, wgslFenceFuncs[n.typ]+"(", ")")
		}
		left = n
	}
	return left
}

func (w *wgslWalker) parseUnary() wnode {
	lo := w.pos
	switch w.peek() {
	case "-", "!", "~", "&", "*":
		op := w.next()
		x := w.parseUnary()
		n := wnode{lo, x.hi, x.typ}
		switch op {
		case "!":
			n.typ = "bool"
		case "&":
			n.typ = "ptr<function, " + x.typ + ">"
		case "*":
			n.typ = derefType(x.typ)
		}
		return n
	}
	return w.parsePostfix(w.parsePrimary())
}

func (w *wgslWalker) parsePostfix(n wnode) wnode {
	for w.err == nil {
		switch w.peek() {
		case ".":
			w.pos++
			m := w.next()
			t := derefType(n.typ)
			switch {
			case strings.HasPrefix(t, "vec"):
				if len(m) == 1 {
					t = elemType(t)
				} else {
					t = vecOf(len(m), elemType(t))
				}
			case w.structs[t] != nil:
				t = w.structs[t][m]
			default:
				w.fail("member %s of unknown type %q", m, n.typ)
			}
			n = wnode{n.lo, w.pos, t}
		case "[":
			w.pos++
			w.parseExpr(0)
			w.expect("]")
			n = wnode{n.lo, w.pos, elemType(derefType(n.typ))}
		default:
			return n
		}
	}
	return n
}

func (w *wgslWalker) parsePrimary() wnode {
	lo := w.pos
	t := w.next()
	c := byte(0)
	if t != "" {
		c = t[0]
	}
	switch {
	case t == "(":
		x := w.parseExpr(0)
		w.expect(")")
		return wnode{lo, w.pos, x.typ}
	case c >= '0' && c <= '9' || c == '.':
		typ := "aint"
		switch {
		case strings.HasSuffix(t, "u"):
			typ = "u32"
		case strings.HasSuffix(t, "i"):
			typ = "i32"
		case strings.HasPrefix(t, "0x"):
			if strings.ContainsAny(t, ".pP") { // a hexadecimal float
				typ = "afloat"
			}
		case strings.ContainsAny(t, ".eEf"):
			typ = "afloat"
		}
		return wnode{lo, w.pos, typ}
	case t == "true" || t == "false":
		return wnode{lo, w.pos, "bool"}
	case isIdentStart(c):
	default:
		w.pos--
		w.fail("unexpected %q", t)
		return wnode{lo, w.pos, ""}
	}
	name := t
	var tmpl string
	if w.peek() == "<" && (name == "bitcast" || strings.HasPrefix(name, "vec") || name == "array") {
		w.pos--
		tmpl = w.parseType()
	}
	if w.peek() != "(" {
		if tmpl != "" {
			return wnode{lo, w.pos, tmpl}
		}
		typ, ok := w.lookup(name)
		if !ok {
			w.fail("unknown name %s", name)
		}
		return wnode{lo, w.pos, typ}
	}
	nameTok := w.idx[w.pos-1]
	w.pos++
	var args []wnode
	fenced := wgslIsFence(name)
	for w.peek() != ")" && w.err == nil {
		if fenced { // the operand of a fence needs no fence of its own
			args = append(args, w.parseExprUnfenced())
		} else {
			args = append(args, w.parseExpr(0))
		}
		if w.peek() == "," {
			w.pos++
		}
	}
	w.expect(")")
	n := wnode{lo, w.pos, w.callType(name, tmpl, args)}
	if worst, ok := wgslInexact[name]; ok && len(args) > 0 && args[0].typ != "afloat" && !w.noFence {
		if w.inWorst() {
			if n.typ != "f32" {
				w.fail("%s of %s has no worst-case form", name, n.typ)
			}
			w.repl[nameTok] = worst
		} else if isFloat(n.typ) {
			w.wrap(n, wgslFenceFuncs[n.typ]+"(", ")")
		}
	}
	return n
}

// parseExprUnfenced parses the whole operand of a fence: its top
// operation is not fenced again (its operands are).
func (w *wgslWalker) parseExprUnfenced() wnode {
	lo := w.pos
	left := w.parseExpr(0)
	// Undo the outermost fence parseExpr added: it is the one the call is.
	f := wgslFenceFuncs[left.typ] + "("
	if left.lo == lo && strings.HasPrefix(w.pre[w.idx[lo]], f) && strings.HasSuffix(w.post[w.idx[left.hi-1]], ")") {
		w.pre[w.idx[lo]] = strings.TrimPrefix(w.pre[w.idx[lo]], f)
		p := w.post[w.idx[left.hi-1]]
		w.post[w.idx[left.hi-1]] = p[:len(p)-1]
	}
	return left
}

func wgslIsFence(name string) bool {
	for _, f := range wgslFenceFuncs {
		if f == name {
			return true
		}
	}
	return false
}

// callType is the type of a call of name (a built-in, a type or a function).
func (w *wgslWalker) callType(name, tmpl string, args []wnode) string {
	arg := func(i int) string {
		if i < len(args) {
			switch args[i].typ {
			case "afloat":
				return "f32"
			case "aint":
				return "i32"
			}
			return args[i].typ
		}
		return ""
	}
	switch {
	case tmpl != "" && name == "bitcast":
		return strings.TrimSuffix(strings.TrimPrefix(tmpl, "bitcast<"), ">")
	case tmpl != "":
		return tmpl
	case name == "f32" || name == "i32" || name == "u32" || name == "bool":
		return name
	case strings.HasPrefix(name, "vec") && len(name) == 5:
		return name
	case w.structs[name] != nil:
		return name
	}
	switch name {
	case "select":
		if args[0].typ == "afloat" || args[0].typ == "aint" {
			return arg(1)
		}
		return arg(0)
	case "min", "max", "clamp", "abs", "sign":
		t := args[0].typ
		for _, a := range args[1:] {
			t = arith(t, a.typ)
		}
		switch t {
		case "afloat":
			return "f32"
		case "aint":
			return "i32"
		}
		return t
	case "floor", "ceil", "round", "trunc", "fract", "sqrt", "inverseSqrt", "exp", "log", "exp2", "log2", "pow",
		"firstLeadingBit", "firstTrailingBit", "countOneBits", "reverseBits":
		return arg(0)
	case "all", "any":
		return "bool"
	case "arrayLength":
		return "u32"
	case "dot":
		return elemType(arg(0))
	}
	if t, ok := w.funcs[name]; ok {
		return t
	}
	w.fail("unknown function %s", name)
	return ""
}

// skipAttributes skips @name and @name(...).
func (w *wgslWalker) skipAttributes() {
	for w.peek() == "@" && w.err == nil {
		w.pos += 2
		if w.peek() == "(" {
			w.skipParens()
		}
	}
}

func (w *wgslWalker) skipParens() {
	depth := 0
	for w.pos < len(w.idx) {
		switch w.next() {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

// declaration parses let, var or const after the keyword.
func (w *wgslWalker) declaration(kw string) {
	if w.peek() == "<" { // var<private>, var<storage, read>
		for w.next() != ">" {
		}
	}
	name := w.next()
	typ := ""
	if w.peek() == ":" {
		w.pos++
		typ = w.parseType()
	}
	if w.peek() == "=" {
		w.pos++
		saved := w.noFence
		w.noFence = saved || kw == "const"
		x := w.parseExpr(0)
		w.noFence = saved
		if typ == "" {
			typ = x.typ
			switch typ {
			case "afloat":
				if kw != "const" {
					typ = "f32"
				}
			case "aint":
				if kw != "const" {
					typ = "i32"
				}
			}
		}
	}
	w.declare(name, typ)
	w.expect(";")
}

// statement parses one statement of a function body.
func (w *wgslWalker) statement() {
	switch t := w.peek(); t {
	case "{":
		w.pos++
		w.block()
	case "let", "var", "const":
		w.pos++
		w.declaration(t)
	case "return":
		w.pos++
		if w.peek() != ";" {
			w.parseExpr(0)
		}
		w.expect(";")
	case "if":
		w.pos++
		w.parseExpr(0)
		w.expect("{")
		w.block()
		if w.peek() == "else" {
			w.pos++
			if w.peek() == "if" {
				w.statement()
				return
			}
			w.expect("{")
			w.block()
		}
	case "for":
		w.pos++
		w.expect("(")
		w.scopes = append(w.scopes, map[string]string{})
		if w.peek() != ";" {
			w.statement() // the initialiser, with its ;
		} else {
			w.pos++
		}
		if w.peek() != ";" {
			w.parseExpr(0)
		}
		w.expect(";")
		if w.peek() != ")" {
			w.simple()
		}
		w.expect(")")
		w.expect("{")
		w.block()
		w.scopes = w.scopes[:len(w.scopes)-1]
	case "loop":
		w.pos++
		w.expect("{")
		w.block()
	case "break", "continue", "discard":
		w.pos++
		if t == "break" && w.peek() == "if" {
			w.pos++
			w.parseExpr(0)
		}
		w.expect(";")
	case ";":
		w.pos++
	default:
		w.simple()
		w.expect(";")
	}
}

// simple parses an assignment, increment or call, without the ;.
func (w *wgslWalker) simple() {
	lhs := w.parseExpr(0)
	switch op := w.peek(); op {
	case "=":
		w.pos++
		w.parseExpr(0)
	case "+=", "-=", "*=", "/=":
		if isFloat(lhs.typ) && !w.noFence {
			w.fail("a compound float assignment (%s) cannot be fenced; write x = x %s y", op, op[:1])
			return
		}
		w.pos++
		w.parseExpr(0)
	case "%=", "&=", "|=", "^=", "<<=", ">>=":
		w.pos++
		w.parseExpr(0)
	case "++", "--":
		w.pos++
	}
}

// block parses statements up to the closing brace, in a new scope.
func (w *wgslWalker) block() {
	w.scopes = append(w.scopes, map[string]string{})
	for w.peek() != "}" && w.err == nil {
		if w.pos >= len(w.idx) {
			w.fail("unclosed block")
			return
		}
		w.statement()
	}
	w.pos++
	w.scopes = w.scopes[:len(w.scopes)-1]
}

// collect records the structs and the functions' return types.
func (w *wgslWalker) collect() {
	for i := 0; i+1 < len(w.idx); i++ {
		switch w.tok(i) {
		case "struct":
			name := w.tok(i + 1)
			fields := map[string]string{}
			w.pos = i + 3
			for w.peek() != "}" && w.err == nil {
				w.skipAttributes()
				f := w.next()
				w.expect(":")
				fields[f] = w.parseType()
				if w.peek() == "," {
					w.pos++
				}
			}
			w.structs[name] = fields
			i = w.pos
		case "fn":
			name := w.tok(i + 1)
			w.pos = i + 2
			w.skipParens()
			w.funcs[name] = ""
			if w.peek() == "-" && w.tok(w.pos+1) == ">" {
				w.pos += 2
				w.funcs[name] = w.parseType()
			}
		}
	}
}

// module walks the module-scope declarations.
func (w *wgslWalker) module() {
	w.scopes = []map[string]string{{}}
	for w.pos < len(w.idx) && w.err == nil {
		w.skipAttributes()
		switch t := w.next(); t {
		case "struct":
			for w.next() != "}" {
			}
		case "const", "var", "let", "override":
			w.declaration(t)
		case "fn":
			w.next()
			w.expect("(")
			w.scopes = append(w.scopes, map[string]string{})
			for w.peek() != ")" && w.err == nil {
				w.skipAttributes()
				p := w.next()
				w.expect(":")
				w.declare(p, w.parseType())
				if w.peek() == "," {
					w.pos++
				}
			}
			w.pos++
			if w.peek() == "-" {
				w.pos += 2
				w.parseType()
			}
			w.expect("{")
			w.block()
			w.scopes = w.scopes[:1]
		case ";":
		default:
			w.pos--
			w.fail("unexpected %q at module scope", t)
		}
	}
}

// preciseWGSL returns src with every float operation fenced (WGSL's
// `precise`, see above) and, when worstEnd > 0, every inexact operation
// in src[:worstEnd] replaced by its worst-case twin (the twins follow, in
// src[worstEnd:]).
func preciseWGSL(src string, worstEnd int) (string, error) {
	w := &wgslWalker{all: tokenize(src), repl: map[int]string{},
		structs: map[string]map[string]string{}, funcs: map[string]string{}, worst: worstEnd > 0, worstEnd: -1}
	off := 0
	for i, t := range w.all {
		if t.kind != tokSpace && t.kind != tokNewline {
			if off >= worstEnd && w.worstEnd < 0 {
				w.worstEnd = len(w.idx)
			}
			w.idx = append(w.idx, i)
		}
		off += len(t.text)
	}
	if w.worstEnd < 0 {
		w.worstEnd = len(w.idx)
	}
	w.pre = make([]string, len(w.all))
	w.post = make([]string, len(w.all))
	w.collect()
	w.pos = 0
	if w.err == nil {
		w.module()
	}
	if w.err != nil {
		return "", w.err
	}
	var b strings.Builder
	for i, t := range w.all {
		b.WriteString(w.pre[i])
		if r, ok := w.repl[i]; ok {
			b.WriteString(r)
		} else {
			b.WriteString(t.text)
		}
		b.WriteString(w.post[i])
	}
	return b.String(), nil
}
