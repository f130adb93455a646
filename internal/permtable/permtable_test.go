package permtable

import (
	"strconv"
	"strings"
	"testing"
)

// All expected values in this file are copied from docs/algorithms.md §5 "Test vectors"
// and Appendix B (produced there by running the blog's Rust code with
// rand 0.8.5 / rand_chacha 0.3.1 and an independent Python re-implementation).

func TestChaChaSeedKey(t *testing.T) {
	// docs/algorithms.md §5: seed 12 key words (rand_core seed_from_u64 / PCG32).
	want := [8]uint32{0xbecaeea9, 0xc6f9a1a3, 0x21c94a45, 0xe95ac1d1, 0xd602da67, 0x5ee8d433, 0x89a539b2, 0xd00ecab6}
	if got := pcg32SeedKey(12); got != want {
		t.Errorf("pcg32SeedKey(12) = %08x, want %08x", got, want)
	}
}

func TestChaChaOutputWords(t *testing.T) {
	tests := []struct {
		seed uint64
		want []uint32
	}{
		// docs/algorithms.md §5: first ChaCha20Rng::next_u32 outputs.
		{12, []uint32{0x3f44eafd, 0x81c498f5, 0x3cb8a27e, 0x5b43ab73, 0x1494cfa9, 0xf1c0c339}},
		{0, []uint32{0x81f5f7b2, 0x063cded6, 0x6efd22a8, 0xfb65827e}},
	}
	for _, tc := range tests {
		rng := newChaChaRNG(pcg32SeedKey(tc.seed))
		for k, w := range tc.want {
			if got := rng.nextU32(); got != w {
				t.Errorf("seed %d: output word %d = %08x, want %08x", tc.seed, k, got, w)
			}
		}
	}
}

func TestChaChaBlockBoundary(t *testing.T) {
	// Words are consumed block after block: word 16 of the stream must be
	// word 0 of block 1 (counter 1), computed directly.
	key := pcg32SeedKey(12)
	rng := newChaChaRNG(key)
	stream := make([]uint32, 40)
	for k := range stream {
		stream[k] = rng.nextU32()
	}
	in := newChaChaRNG(key).input
	for blk := uint32(0); blk < 2; blk++ {
		in[12] = blk
		var out [16]uint32
		chachaBlock(&out, &in)
		for k, w := range out {
			if stream[16*blk+uint32(k)] != w {
				t.Fatalf("stream word %d = %08x, block %d word %d = %08x", 16*blk+uint32(k), stream[16*blk+uint32(k)], blk, k, w)
			}
		}
	}
}

func TestPermutationTableFirstSwaps(t *testing.T) {
	tests := []struct {
		seed uint64
		want [][2]uint32
	}{
		// docs/algorithms.md §5: first swaps (i, j) of the shuffle.
		{12, [][2]uint32{{255, 63}, {254, 129}, {253, 60}, {252, 90}, {251, 20}, {250, 237}}},
		{0, [][2]uint32{{255, 6}, {254, 110}, {253, 249}}},
	}
	for _, tc := range tests {
		var swaps [][2]uint32
		blogShuffle(tc.seed, func(i, j uint32) { swaps = append(swaps, [2]uint32{i, j}) })
		if len(swaps) != 255 {
			t.Fatalf("seed %d: %d swaps, want 255", tc.seed, len(swaps))
		}
		for k, w := range tc.want {
			if swaps[k] != w {
				t.Errorf("seed %d: swap %d = %v, want %v", tc.seed, k, swaps[k], w)
			}
		}
	}
}

// Appendix B tables, copied verbatim from the upstream specification.
const (
	permTableSeed0 = `
71 123 137 193 158 17 50 102 9 135 33 83 196 36 63 11 172 167 78 86 227 45 150 70 229 120 142 84 74
199 4 232 82 209 171 205 220 221 67 146 162 242 248 255 75 236 235 37 153 202 131 173 125 178 208
179 136 30 215 66 233 35 245 217 79 198 234 230 53 170 127 152 90 104 56 190 124 88 187 154 14 97
223 64 132 99 52 186 163 207 44 238 225 0 181 3 107 32 115 106 180 111 143 151 166 69 231 28 140
108 185 155 244 164 105 42 5 10 211 117 26 195 251 219 148 114 41 61 126 96 228 15 21 194 147 177
95 224 252 157 168 253 54 85 191 7 57 25 38 213 8 203 49 138 47 141 31 241 81 77 189 212 247 19 18
94 48 87 139 210 100 160 55 98 214 16 218 133 73 197 145 134 188 113 101 161 149 175 122 2 91 103
239 92 226 43 68 243 118 250 184 112 174 59 12 39 89 200 254 116 192 40 24 182 144 176 201 109 237
204 22 51 72 93 240 246 165 65 169 130 80 34 76 20 121 62 159 183 156 119 13 60 128 27 29 58 129
222 23 46 206 216 1 249 110 6
`
	permTableSeed12 = `
145 27 50 39 74 41 239 12 227 186 47 215 18 80 159 172 17 117 212 101 249 65 193 198 166 2 137 38
233 190 135 86 205 56 121 21 223 242 149 143 173 52 91 54 170 107 157 66 154 64 192 72 202 196 106
49 127 194 124 26 105 218 78 222 123 131 61 221 119 199 251 136 245 200 171 10 24 113 5 208 0 197
165 133 150 23 57 128 180 32 236 69 178 109 232 11 195 201 46 234 71 14 103 55 230 182 77 206 81
126 243 160 85 40 9 92 84 37 153 89 141 15 93 114 102 34 161 73 229 111 235 163 108 53 76 226 189
164 25 183 140 7 177 19 209 151 116 96 130 162 98 167 247 6 138 36 68 59 228 83 48 3 238 188 94 207
181 244 240 120 125 185 99 87 179 43 104 112 142 254 35 97 139 241 255 31 67 250 44 156 213 176 217
8 214 184 115 16 110 216 45 203 158 100 155 51 175 252 174 79 231 211 219 246 75 187 132 147 30 204
62 168 225 4 1 210 13 134 70 152 122 148 82 29 58 42 191 169 33 248 95 88 22 224 118 220 144 146 28
253 237 20 90 60 129 63
`
)

// parsePermTable parses a whitespace-separated list of exactly 256 bytes.
func parsePermTable(t *testing.T, s string) [256]uint8 {
	t.Helper()
	fields := strings.Fields(s)
	if len(fields) != 256 {
		t.Fatalf("table has %d entries, want 256", len(fields))
	}
	var p [256]uint8
	for i, f := range fields {
		v, err := strconv.ParseUint(f, 10, 8)
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		p[i] = uint8(v)
	}
	return p
}

func TestPermutationTableAppendixB(t *testing.T) {
	tests := []struct {
		seed  uint64
		table string
	}{
		{0, permTableSeed0},
		{12, permTableSeed12},
	}
	for _, tc := range tests {
		want := parsePermTable(t, tc.table)
		got := Permutation(tc.seed)
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("seed %d: perm[%d] = %d, want %d", tc.seed, i, got[i], want[i])
			}
		}
	}
}

func TestPermutationTableIsPermutation(t *testing.T) {
	for _, seed := range []uint64{0, 1, 2, 12, 42, 255, 1 << 32, 0xdeadbeefcafebabe, ^uint64(0)} {
		p := Permutation(seed)
		var seen [256]bool
		for i, v := range p {
			if seen[v] {
				t.Errorf("seed %d: value %d repeated at index %d", seed, v, i)
			}
			seen[v] = true
		}
		if p2 := Permutation(seed); p2 != p {
			t.Errorf("seed %d: PermutationTable is not deterministic", seed)
		}
	}
	if Permutation(1) == Permutation(2) {
		t.Error("seeds 1 and 2 give the same table")
	}
}
