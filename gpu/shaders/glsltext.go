package shaders

import (
	"fmt"
	"strings"
)

// This file works on GLSL as text, gtok by gtok: it namespaces a
// library's identifiers (so that several libraries live in one shader) and
// rewrites the operations GLSL need not round correctly into the
// worst-case emulation of worst.glsl.

// tokKind classifies a gtok.
type tokKind uint8

const (
	tokSpace   tokKind = iota // white space and comments
	tokIdent                  // identifier or keyword
	tokNumber                 // numeric literal
	tokPunct                  // operator or punctuation
	tokNewline                // a newline (ends a preprocessor line)
)

type gtok struct {
	kind tokKind
	text string
	pp   bool // inside a preprocessor line
}

// multiPunct are the operators of more than one character, longest first.
var multiPunct = []string{"<<=", ">>=", "++", "--", "&&", "||", "^^", "==", "!=", "<=", ">=", "<<", ">>",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' }

// tokenize splits src into tokens whose texts concatenate back to src.
func tokenize(src string) []gtok {
	out := make([]gtok, 0, len(src)/2) // GLSL runs about 3 bytes a token
	pp, lineStart := false, true
	for i := 0; i < len(src); {
		c := src[i]
		j := i + 1
		kind := tokPunct
		switch {
		case c == '\n':
			kind, pp, lineStart = tokNewline, false, true
			out = append(out, gtok{kind, "\n", false})
			i = j
			continue
		case c == ' ' || c == '\t' || c == '\r':
			kind = tokSpace
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r') {
				j++
			}
		case c == '/' && j < len(src) && src[j] == '/':
			kind = tokSpace
			for j < len(src) && src[j] != '\n' {
				j++
			}
		case c == '/' && j < len(src) && src[j] == '*':
			kind = tokSpace
			if k := strings.Index(src[j+1:], "*/"); k >= 0 {
				j += k + 3
			} else {
				j = len(src)
			}
		case isIdentStart(c):
			kind = tokIdent
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
		case c >= '0' && c <= '9' || c == '.' && j < len(src) && src[j] >= '0' && src[j] <= '9':
			kind = tokNumber
			hex := c == '0' && j < len(src) && (src[j] == 'x' || src[j] == 'X')
			for j < len(src) && (isIdentChar(src[j]) || src[j] == '.' ||
				(src[j] == '+' || src[j] == '-') && (!hex && (src[j-1] == 'e' || src[j-1] == 'E') ||
					hex && (src[j-1] == 'p' || src[j-1] == 'P'))) {
				j++
			}
		default:
			for _, m := range multiPunct {
				if strings.HasPrefix(src[i:], m) {
					j = i + len(m)
					break
				}
			}
			if c == '#' && lineStart {
				pp = true
			}
		}
		if kind != tokSpace {
			lineStart = false
		}
		out = append(out, gtok{kind, src[i:j], pp})
		i = j
	}
	return out
}

func join(toks []gtok) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.text)
	}
	return b.String()
}

// globalNames returns the identifiers that src declares at file scope:
// macros, structs, functions and global variables or constants.
func globalNames(src string) map[string]bool {
	names := map[string]bool{}
	toks := significant(tokenize(src))
	depth := 0
	for i, t := range toks {
		switch {
		case t.pp:
			if t.text == "define" && i+1 < len(toks) && toks[i+1].kind == tokIdent {
				names[toks[i+1].text] = true
			}
		case t.text == "{" || t.text == "(":
			depth++
		case t.text == "}" || t.text == ")":
			depth--
		case depth != 0 || t.kind != tokIdent || i == 0:
		case toks[i-1].text == "struct":
			names[t.text] = true
		case toks[i-1].kind == tokIdent && i+1 < len(toks) && strings.Contains("(=;[,", toks[i+1].text) &&
			toks[i-1].text != "return":
			names[t.text] = true
		}
	}
	return names
}

// significant drops white space, comments and newlines.
func significant(toks []gtok) []gtok {
	out := make([]gtok, 0, len(toks)/2)
	for _, t := range toks {
		if t.kind != tokSpace && t.kind != tokNewline {
			out = append(out, t)
		}
	}
	return out
}

// namespace prefixes every use of a name in names (a member access x.name
// excepted) throughout src.
func namespace(src, prefix string, names map[string]bool) string {
	toks := tokenize(src)
	prev := ""
	for i, t := range toks {
		if t.kind == tokIdent && names[t.text] && prev != "." {
			toks[i].text = prefix + t.text
		}
		if t.kind != tokSpace && t.kind != tokNewline {
			prev = t.text
		}
	}
	return join(toks)
}

// worstFuncs are the built-ins GLSL 4.30 §4.7.1 does not require to be
// correctly rounded, with the worst-case function that replaces each.
var worstFuncs = map[string]string{
	"sqrt": "worstSqrt", "inversesqrt": "worstInversesqrt", "exp": "worstExp", "log": "worstLog",
	"exp2": "worstExp2", "log2": "worstLog2", "pow": "worstPow",
}

// worstRewrite replaces, outside preprocessor lines, every binary `/` by
// prefix+worstDiv(left, right, site) and every call of a worstFuncs
// built-in by its worst-case twin. site numbers the divisions, so that
// the emulated error's direction differs from place to place.
func worstRewrite(src, prefix string) (string, error) {
	toks := tokenize(src)
	for i, t := range toks {
		if t.kind == tokIdent && !t.pp {
			if w, ok := worstFuncs[t.text]; ok && nextSig(toks, i) < len(toks) && toks[nextSig(toks, i)].text == "(" &&
				(prevSig(toks, i) < 0 || toks[prevSig(toks, i)].text != ".") {
				toks[i].text = prefix + w
			}
		}
		if t.text == "/=" && !t.pp {
			return "", fmt.Errorf("shaders: the noise GLSL uses /=, which the worst-case rewrite does not handle")
		}
	}
	for site := 1; ; site++ {
		i := -1
		for k, t := range toks {
			if t.kind == tokPunct && t.text == "/" && !t.pp {
				i = k
				break
			}
		}
		if i < 0 {
			return join(toks), nil
		}
		lo, err := leftOperand(toks, i)
		if err != nil {
			return "", err
		}
		hi, err := rightOperand(toks, i)
		if err != nil {
			return "", err
		}
		call := fmt.Sprintf("%sworstDiv(%s, %s, %du)", prefix, strings.TrimSpace(join(toks[lo:i])),
			strings.TrimSpace(join(toks[i+1:hi+1])), site)
		// The call's own tokens replace the operands, so a / inside one of
		// them is found next.
		spliced := append(append(toks[:lo:lo], tokenize(call)...), toks[hi+1:]...)
		toks = spliced
	}
}

func prevSig(toks []gtok, i int) int {
	for i--; i >= 0 && (toks[i].kind == tokSpace || toks[i].kind == tokNewline); i-- {
	}
	return i
}

func nextSig(toks []gtok, i int) int {
	for i++; i < len(toks) && (toks[i].kind == tokSpace || toks[i].kind == tokNewline); i++ {
	}
	return i
}

// matchBack returns the index of the bracket opening the one at i.
func matchBack(toks []gtok, i int) (int, error) {
	open := map[string]string{")": "(", "]": "["}[toks[i].text]
	depth := 0
	for k := i; k >= 0; k-- {
		switch toks[k].text {
		case toks[i].text:
			depth++
		case open:
			depth--
			if depth == 0 {
				return k, nil
			}
		}
	}
	return 0, fmt.Errorf("shaders: unbalanced %s", toks[i].text)
}

// matchForward returns the index of the bracket closing the one at i.
func matchForward(toks []gtok, i int) (int, error) {
	closing := map[string]string{"(": ")", "[": "]"}[toks[i].text]
	depth := 0
	for k := i; k < len(toks); k++ {
		switch toks[k].text {
		case toks[i].text:
			depth++
		case closing:
			depth--
			if depth == 0 {
				return k, nil
			}
		}
	}
	return 0, fmt.Errorf("shaders: unbalanced %s", toks[i].text)
}

// postfixStart returns the first gtok of the postfix expression (a
// primary with calls, indexing and member accesses) that ends at gtok j.
func postfixStart(toks []gtok, j int) (int, error) {
	var err error
	switch toks[j].text {
	case ")":
		if j, err = matchBack(toks, j); err != nil {
			return 0, err
		}
		if k := prevSig(toks, j); k >= 0 && toks[k].kind == tokIdent && !isKeyword(toks[k].text) {
			j = k // a call or a constructor
		}
	case "]":
		m, err := matchBack(toks, j)
		if err != nil {
			return 0, err
		}
		return postfixStart(toks, prevSig(toks, m))
	default:
		if toks[j].kind != tokIdent && toks[j].kind != tokNumber {
			return 0, fmt.Errorf("shaders: cannot find the left operand of / before %q", toks[j].text)
		}
	}
	if k := prevSig(toks, j); k >= 0 && toks[k].text == "." {
		return postfixStart(toks, prevSig(toks, k))
	}
	return j, nil
}

// unaryContext reports whether a sign at gtok k is a unary operator: it
// follows an operator, an opening bracket, a separator or return.
func unaryContext(toks []gtok, k int) bool {
	if k < 0 {
		return true
	}
	t := toks[k]
	if t.kind == tokIdent {
		return t.text == "return"
	}
	return t.kind == tokPunct && t.text != ")" && t.text != "]" && t.text != "++" && t.text != "--"
}

// leftOperand returns the first gtok of the left operand of the `/` at
// i: the multiplicative expression before it (`/` is left-associative).
func leftOperand(toks []gtok, i int) (int, error) {
	j := prevSig(toks, i)
	for {
		start, err := postfixStart(toks, j)
		if err != nil {
			return 0, err
		}
		for k := prevSig(toks, start); k >= 0 && strings.Contains("-+!~", toks[k].text) && len(toks[k].text) == 1 &&
			unaryContext(toks, prevSig(toks, k)); k = prevSig(toks, k) {
			start = k
		}
		k := prevSig(toks, start)
		if k >= 0 && (toks[k].text == "*" || toks[k].text == "/" || toks[k].text == "%") {
			j = prevSig(toks, k)
			continue
		}
		return start, nil
	}
}

// rightOperand returns the last gtok of the right operand of the `/` at
// i: one unary expression.
func rightOperand(toks []gtok, i int) (int, error) {
	j := nextSig(toks, i)
	for j < len(toks) && len(toks[j].text) == 1 && strings.Contains("-+!~", toks[j].text) {
		j = nextSig(toks, j)
	}
	if j >= len(toks) {
		return 0, fmt.Errorf("shaders: / without a right operand")
	}
	var err error
	switch {
	case toks[j].text == "(":
		if j, err = matchForward(toks, j); err != nil {
			return 0, err
		}
	case toks[j].kind == tokIdent:
		if n := nextSig(toks, j); n < len(toks) && toks[n].text == "(" {
			if j, err = matchForward(toks, n); err != nil {
				return 0, err
			}
		}
	case toks[j].kind != tokNumber:
		return 0, fmt.Errorf("shaders: cannot find the right operand of / at %q", toks[j].text)
	}
	for {
		n := nextSig(toks, j)
		if n >= len(toks) {
			return j, nil
		}
		switch toks[n].text {
		case "[":
			if j, err = matchForward(toks, n); err != nil {
				return 0, err
			}
		case ".":
			j = nextSig(toks, n)
			if m := nextSig(toks, j); m < len(toks) && toks[m].text == "(" {
				if j, err = matchForward(toks, m); err != nil {
					return 0, err
				}
			}
		case "++", "--":
			j = n
		default:
			return j, nil
		}
	}
}

var keywords = map[string]bool{"return": true, "if": true, "while": true, "for": true, "switch": true, "else": true}

func isKeyword(s string) bool { return keywords[s] }
