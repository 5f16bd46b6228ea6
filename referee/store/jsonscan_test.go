package store

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/require"
)

// testEvents are log lines of the repo's scripted games (the answers files
// cmd/report's tests play, written by bosun itself): for every event type
// of those logs, its first line, its first with rolls, with full_text,
// with answers, with an escape and with undone, and its longest; and an
// undo event.
func testEvents(t *testing.T) [][]byte {
	t.Helper()
	b, err := os.ReadFile("testdata/events.jsonl")
	require.NoError(t, err)
	var lines [][]byte
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

// viaJSON decodes a line the way encoding/json does.
func viaJSON(line []byte) (referee.Event, error) {
	var b briefEvent
	if err := json.Unmarshal(line, &b); err != nil {
		return referee.Event{}, err
	}
	return b.event(), nil
}

// checkBrief checks decodeBriefLine against encoding/json on one line: the
// same event, or an error both. It reports whether the fast decoder read
// the line itself.
func checkBrief(t *testing.T, line []byte) bool {
	t.Helper()
	want, wantErr := viaJSON(line)
	var fast referee.Event
	fastOK := decodeBrief(string(line), &fast)
	if fastOK {
		require.NoError(t, wantErr, "decodeBrief read a line encoding/json refuses: %q", line)
		require.Equal(t, want, fast, "%q", line)
	}
	var got referee.Event
	err := decodeBriefLine(bytes.Clone(line), &got)
	if wantErr != nil {
		require.Error(t, err, "%q", line)
		require.Equal(t, wantErr.Error(), err.Error(), "%q", line)
		return fastOK
	}
	require.NoError(t, err, "%q", line)
	require.Equal(t, want, got, "%q", line)
	// the same with the decoder `bosun log` keeps for thousands of lines,
	// its cites slab shared by every line checked so far
	var slabbed referee.Event
	require.NoError(t, sharedDecoder.decodeLine(bytes.Clone(line), &slabbed), "%q", line)
	require.Equal(t, want, slabbed, "%q", line)
	if fastOK && len(slabbed.Cites) > 0 {
		require.Equal(t, len(slabbed.Cites), cap(slabbed.Cites), "appending to an event's cites copies them: %q", line)
	}
	return fastOK
}

// sharedDecoder is one briefDecoder for every line checkBrief checks (the
// tests calling it are not parallel).
var sharedDecoder briefDecoder

func TestDecodeBriefEqualsEncodingJSONOnEveryEventType(t *testing.T) {
	lines := testEvents(t)
	types := map[string]bool{}
	for _, l := range lines {
		require.True(t, checkBrief(t, l), "bosun's own line is read by the fast decoder: %q", l)
		var e referee.Event
		require.True(t, decodeBrief(string(l), &e))
		types[e.Type] = true
	}
	require.GreaterOrEqual(t, len(types), 55, "event types in testdata/events.jsonl")
	for _, want := range []string{"undo", "battle", "weather", "marauder-attack", "ambush", "pirate-battle"} {
		require.True(t, types[want], want)
	}
	// every field is exercised somewhere
	var rolls, full, cites, undone bool
	for _, l := range lines {
		e, err := viaJSON(l)
		require.NoError(t, err)
		rolls = rolls || len(e.Rolls) > 0
		full = full || e.Data[referee.FullTextKey] != nil
		cites = cites || len(e.Cites) > 0
		undone = undone || bytes.Contains(l, []byte(`"undone":true`))
	}
	require.True(t, rolls && full && cites, "rolls %v, full_text %v, cites %v", rolls, full, cites)
	_ = undone
}

// oddStrings are texts that test a decoder's strings: escapes, unicode,
// invalid UTF-8, control characters, lone and paired surrogates.
var oddStrings = []string{
	"", "plain", `quote " and backslash \ and slash /`, "tab\there\nnew line\r\x00nul\x1b[31mred",
	"<b>&amp;</b> HTML", "unicode × ✠ é 日本 😀", "\u2028\u2029 separators", "\x7f del",
	"bad utf-8 \xff\xfe end", "cut rune \xe2\x82", "\xed\xa0\x80 encoded surrogate",
	strings.Repeat("long ", 400),
}

// oddLines are lines a decoder must read as encoding/json does, most of
// them not as bosun writes them.
var oddLines = []string{
	`{"seq":1,"step":2,"type":"a","text":"b"}`,
	`  {"seq":1 , "step" : 2,"type":"a","text":"b"}  ` + "\r\n",
	`{"seq":-0,"step":0,"type":"","text":""}`,
	`{"seq":1.0,"step":2,"type":"a"}`, `{"seq":1e2}`, `{"seq":01}`, `{"seq":-}`, `{"seq":99999999999999999999}`,
	`{"seq":9223372036854775807}`, `{"seq":-9223372036854775808}`,
	`{"seq":"1"}`, `{"seq":null}`, `{"text":null}`, `{"cites":null}`, `{"rolls":null}`, `{"data":null}`, `{"undone":null}`,
	`{"Seq":1}`, `{"TEXT":"x"}`, `{"seq":1,"seq":2}`, `{"text":"a","text":"b"}`, `{"cites":["a"],"cites":["b","c"]}`,
	`{"data":{"Full_Text":"x"}}`, `{"data":{"full_text":"x","full_text":"y"}}`, `{"data":{"full_text":null}}`,
	`{"data":{"full_text":3}}`, `{"data":[]}`, `{"data":{}}`, `{"data":{"a":[1,{"b":[true,false,null]}],"c":-1.5e-3}}`,
	`{"cites":[]}`, `{"rolls":[]}`, `{"cites":["a",1]}`, `{"cites":["a",null]}`, `{"rolls":[null]}`, `{"rolls":[1]}`,
	`{"rolls":[{"key":"k","die":"d6","value":3,"label":"Hit","entered":true}]}`,
	`{"rolls":[{"KEY":"k"}]}`, `{"rolls":[{"key":"a","value":1}],"rolls":[{"key":"b"}]}`, `{"data":{"full_text":"x"},"data":{}}`, `{"rolls":[{"value":1.5}]}`, `{"rolls":[{"key":"a","key":"b"}]}`, `{"rolls":[{"other":{"x":1}}]}`,
	`{"undone":true}`, `{"undone":false}`, `{"undone":1}`, `{"undone":tru}`,
	`{"answers":[{"key":"k","value":"v","source":"set"}],"unknown":{"deep":[[[]]]}}`,
	`{"se\u0071":1}`, `{"\u0073eq":1}`, `{"text":"\u00e9\ud83d\ude00\ud800\u0041\udc00"}`, `{"text":"\uD83D\uDE00"}`,
	`{"text":"a\/b\b\f\n\r\t"}`, `{"text":"\x"}`, `{"text":"\u12"}`, `{"text":"\u12G4"}`,
	`{"seq":1}x`, `{"seq":1}{}`, `{"seq":1`, `{"seq":1,}`, `{,"seq":1}`, `{"seq"1}`, `{"seq":1 "step":2}`,
	`[]`, `null`, `"text"`, `{}`, ``, ` `, `{"text":"tab	raw"}`, "{\"text\":\"nul\x00raw\"}",
	`{"data":` + strings.Repeat(`[`, 10001) + strings.Repeat(`]`, 10001) + `}`,
	`{"data":` + strings.Repeat(`[`, 9990) + strings.Repeat(`]`, 9990) + `}`,
}

func TestDecodeBriefOnOddLines(t *testing.T) {
	for _, l := range oddLines {
		checkBrief(t, []byte(l))
		checkBrief(t, []byte(l+"\n"))
	}
	// odd strings in every string field, written by encoding/json (HTML
	// escaped or not) and raw
	for _, s := range oddStrings {
		e := referee.Event{Seq: 7, Step: 3, Type: s, Text: s, Data: map[string]any{referee.FullTextKey: s, s: s}, Cites: []string{s, "x"},
			Rolls: []referee.Roll{{Key: s, Die: "d6", Value: 4, Label: s, Entered: true}}, Answers: []referee.Answer{{Key: s, Value: s}}, Undone: true}
		b, err := json.Marshal(e)
		require.NoError(t, err)
		checkBrief(t, append(b, '\n'))
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(e))
		checkBrief(t, buf.Bytes())
		raw, err := json.Marshal(struct{ Text string }{"x"})
		require.NoError(t, err)
		checkBrief(t, bytes.Replace(raw, []byte(`"x"`), []byte(`"`+s+`"`), 1))
		checkBrief(t, []byte(`{"text":"`+s+`","cites":["`+s+`"]}`))
	}
}

// mutate returns line with a few random changes: bytes replaced by
// characters JSON gives a meaning to, or cut.
func mutate(r *rand.Rand, line []byte) []byte {
	b := bytes.Clone(line)
	const meaningful = "{}[]\":,\\ -0123456789.eEtrufalsn\x00\x1f\x7f\xff\xc3u"
	for range 1 + r.IntN(3) {
		if len(b) == 0 {
			break
		}
		switch i := r.IntN(len(b)); r.IntN(4) {
		case 0:
			b = b[:i]
		case 1:
			b = append(b[:i:i], b[i+1:]...)
		default:
			b[i] = meaningful[r.IntN(len(meaningful))]
		}
	}
	return b
}

func TestDecodeBriefOnMutatedLines(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 4))
	lines := testEvents(t)
	for _, l := range oddLines {
		lines = append(lines, []byte(l))
	}
	for range 20000 {
		checkBrief(t, mutate(r, lines[r.IntN(len(lines))]))
	}
}

func TestValidJSONEqualsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 5))
	docs := append([][]byte(nil), testEvents(t)...)
	for _, l := range oddLines {
		docs = append(docs, []byte(l))
	}
	for _, s := range oddStrings {
		docs = append(docs, []byte(`"`+s+`"`), []byte(`{"`+s+`":["`+s+`"]}`))
	}
	for _, d := range []string{
		`0`, `-0`, `-`, `1.`, `.5`, `1.5e`, `1.5e+`, `1e-7`, `1E+07`, `00`, `-01`, `123abc`, `true`, `truex`, `nul`, `[1,]`, `[,1]`,
		`[1 2]`, `{"a":1,"b":}`, `{"a" 1}`, `{1:2}`, `"\u0000"`, `"\uDFFF"`, "\t[ 1 , 2 ]\n", `"a"   "b"`,
		strings.Repeat(`[`, 10000) + strings.Repeat(`]`, 10000), strings.Repeat(`[`, 10001) + strings.Repeat(`]`, 10001),
		strings.Repeat(`{"a":`, 10000) + `1` + strings.Repeat(`}`, 10000), strings.Repeat(`{"a":`, 10001) + `1` + strings.Repeat(`}`, 10001),
	} {
		docs = append(docs, []byte(d))
	}
	check := func(d []byte) {
		require.Equal(t, json.Valid(d), validJSON(d), "%q", d)
	}
	for _, d := range docs {
		check(d)
		for i := 0; i < len(d) && i < 200; i++ {
			check(d[:i])
		}
	}
	// an undo file's line: long base64 strings, scanned eight bytes at a time
	u, err := json.Marshal(undoLine{Prev: 12, Step: 3, Z: bytes.Repeat([]byte{0xfb, 0xff, 0x00, '"', '\\'}, 300), RNG: []byte("rng")})
	require.NoError(t, err)
	docs = append(docs, u)
	check(u)
	for range 30000 {
		check(mutate(r, docs[r.IntN(len(docs))]))
	}
	// every byte value at every offset of a string's eight-byte words
	for c := 0; c < 256; c++ {
		for at := 1; at < 20; at++ {
			d := []byte(`"abcdefghijklmnopqrstuvwxyz"`)
			d[at] = byte(c)
			check(d)
		}
	}
}

// checkSave checks decodeSaveFast against encoding/json on one save: when
// it reads the save, the same saveFile encoding/json gives.
func checkSave(t *testing.T, b []byte) bool {
	t.Helper()
	var want saveFile
	wantErr := json.Unmarshal(b, &want)
	got, ok := decodeSaveFast(bytes.Clone(b))
	if !ok {
		return false
	}
	require.NoError(t, wantErr, "decodeSaveFast read a save encoding/json refuses: %q", b)
	require.Equal(t, want, got, "%q", b)
	return true
}

func TestDecodeSaveEqualsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 6))
	cursor := &referee.AnswerCursor{Used: map[string]int{}, Seen: map[string][]string{}}
	for k, key := range []string{"wfa.turn.action", "wfa.collect.oc", "misty.weather.tile.move", "unicode × ✠ é"} {
		cursor.Used[key] = k
		for range 50 {
			cursor.Seen[key] = append(cursor.Seen[key], []string{"end", "collect", "0", "1", "", key, oddStrings[r.IntN(len(oddStrings))]}[r.IntN(7)])
		}
	}
	f := saveFile{Schema: referee.SchemaVersion, Name: "t1", Game: "g", Players: []referee.Player{{Name: "Ann"}}, Seed: 3, DiceMode: referee.Virtual, RNG: []byte("rng"),
		Step: 4, LogFile: logRef{Events: 2, Bytes: 40}, State: json.RawMessage(`{"total":3}`), Cursor: cursor}
	base, err := json.Marshal(f)
	require.NoError(t, err)
	require.True(t, checkSave(t, base), "bosun's own save is read by the fast decoder")
	got, _ := decodeSaveFast(base)
	require.Equal(t, cursor.Used, got.Cursor.Used)
	require.Len(t, got.Cursor.Seen, len(cursor.Seen))
	noCursor := f
	noCursor.Cursor = nil
	b, err := json.Marshal(noCursor)
	require.NoError(t, err)
	require.True(t, checkSave(t, b))

	cut := bytes.Index(base, []byte(`"answers_cursor":`)) + len(`"answers_cursor":`)
	end := bytes.LastIndexByte(base, '}')
	head, tail := base[:cut], base[end:]
	for _, c := range []string{
		`null`, `{}`, `{"used":{},"seen":{}}`, `{"used":null}`, `{"seen":null}`, `{"seen":{"a":null}}`, `{"seen":{"a":[]}}`,
		`{"used":{"a":1,"a":2}}`, `{"seen":{"a":["x"],"a":["y","z"]}}`, `{"used":{"a":1},"used":{"b":2}}`,
		`{"Used":{"a":1}}`, `{"SEEN":{}}`, `{"used":{"a":1.5}}`, `{"used":{"a":"1"}}`, `{"used":{"\u0061":1}}`,
		`{"seen":{"a":["\u00e9\ud800","\n"]}}`, `{"seen":{"a":[1]}}`, `{"other":[1,{"x":null}],"used":{"a":3}}`,
		`[]`, `"x"`, `{"used":{"a":1}`, ` {"used" : { "a" : 1 } } `, "{\"used\":{\"a\xff\":1}}", "{\"seen\":{\"\xe2\x82\":[\"\xff\"]}}",
	} {
		checkSave(t, append(append(bytes.Clone(head), c...), tail...))
	}
	// odd keys (escaped ones are left to encoding/json)
	odd := &referee.AnswerCursor{Used: map[string]int{}, Seen: map[string][]string{}}
	for k, key := range oddStrings {
		odd.Used[key] = k
		odd.Seen[key] = []string{key}
	}
	oddSave := f
	oddSave.Cursor = odd
	b, err = json.Marshal(oddSave)
	require.NoError(t, err)
	checkSave(t, b)
	// a cursor given twice is merged by encoding/json
	twice := append(append(bytes.Clone(base[:len(base)-1]), `,"answers_cursor":{"used":{"zz":9}}`...), '}')
	require.False(t, checkSave(t, twice))
	// the cursor beside keys encoding/json takes for its key, or may
	// (escaped), and around white space: read as encoding/json reads them
	for _, extra := range []string{`"Answers_Cursor":{"used":{"zz":9}},`, `"ANSWERS_CURSOR":null,`, "\"an\u017fwers_cursor\":{\"used\":{\"zz\":9}},",
		"\"an\xc5\xbfwers_cursor\":{\"used\":{\"zz\":9}},", `"answers\u005fcursor":{"used":{"zz":9}},`, `"other":{"answers_cursor":{"used":{"zz":9}}},`, " \n\t "} {
		b := append([]byte("{"+extra), base[1:]...)
		checkSave(t, b)
		checkSave(t, append(append([]byte(" "), b...), " \n"...))
	}
	spaced := bytes.Replace(base, []byte(`"answers_cursor":`), []byte(` "answers_cursor" :`+"\n "), 1)
	require.True(t, checkSave(t, spaced))
	for _, b := range [][]byte{base, spaced} {
		start, end, ok := cursorSpan(b)
		require.True(t, ok, "the cursor of bosun's own save is cut out for encoding/json")
		require.True(t, bytes.HasPrefix(b[start:end], []byte(`{"used":`)) && b[end-1] == '}', "%s", b[start:end])
	}
	for range 5000 {
		checkSave(t, mutate(r, base))
	}
}

// scanStringSlowly is scanString a byte at a time.
func scanStringSlowly(b []byte, i int) (end int, escaped, wide, ok bool) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, escaped, wide, true
		case c < 0x20:
			return i, escaped, true, false
		case c >= 0x80:
			wide = true
		case c == '\\':
			escaped = true
			if i+1 >= len(b) {
				return i, escaped, true, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if len(b)-i < 6 || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return i, escaped, true, false
				}
				i += 5
			default:
				return i, escaped, true, false
			}
		}
	}
	return i, escaped, wide, false
}

// scanString jumps to the first special byte of a word and reports a
// string wide only when a byte above 0x7f is in it: every byte value at
// every offset of the words, alone and beside a second odd byte, against
// the byte-at-a-time scan.
func TestScanStringEqualsAByteAtATimeScan(t *testing.T) {
	base := []byte(`"abcdefghijklmnopqrstuvwxyz0123"` + `,"x"`)
	check := func(d []byte) {
		wantEnd, wantEsc, wantWide, wantOK := scanStringSlowly(d, 0)
		end, esc, wide, ok := scanString(d, 0)
		require.Equal(t, wantOK, ok, "%q", d)
		if ok {
			require.Equal(t, []any{wantEnd, wantEsc}, []any{end, esc}, "%q", d)
			if !esc {
				require.Equal(t, wantWide, wide, "%q", d)
			}
		}
	}
	odd := []byte{'"', '\\', 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xc3, 0xff, 'u', 'n'}
	for c := 0; c < 256; c++ {
		for at := 1; at < 32; at++ {
			d := bytes.Clone(base)
			d[at] = byte(c)
			check(d)
			check(d[:at+1])
			for _, o := range odd {
				for at2 := at + 1; at2 < min(at+10, 32); at2++ {
					e := bytes.Clone(d)
					e[at2] = o
					check(e)
				}
			}
		}
	}
	// a wide byte before the word with the closing quote, and after it
	_, _, wide, _ := scanString([]byte("\"abc\xc3\xa9defghijk\"\xff\xff\xff\xff\xff\xff\xff\xff"), 0)
	require.True(t, wide)
	_, _, wide, _ = scanString([]byte("\"abcdefghijk\"\xff\xff\xff\xff\xff\xff\xff\xff"), 0)
	require.False(t, wide, "a byte past the closing quote is not the string's")
}

func TestBriefFieldIsTheIndexInBriefFields(t *testing.T) {
	for f, name := range briefFields {
		require.Equal(t, f, briefField(name), name)
	}
	for _, key := range []string{"", "answers", "Seq", "seqs", "undone ", "full_text"} {
		require.Equal(t, -1, briefField(key), key)
	}
}
