package rollingseas

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Ship Board tracks that carry Bonuses: "You gain a Bonus when you fill a
// column of Provisions or Gold Pieces on your Ship Board, when you buy
// certain Cannons, when you Explore an Ancient Monolith, and when you mark
// off certain squares on the Story Track." (The Ancient Monoliths' own
// rewards are in the rulebook: 1 and 2 Story Points, then the Awards.)
const (
	TrackProvisions = "provisions"
	TrackGold       = "gold"
	TrackCannon     = "cannon"
	TrackStory      = "story"
)

// BonusTracks are the Ship Board tracks whose Bonuses bosun asks for.
var BonusTracks = []string{TrackProvisions, TrackGold, TrackCannon, TrackStory}

// BlueGains are the immediate (blue) Bonuses: "Gain a Story Point. / Gain a
// Gold Piece. / Gain a Wind in Your Sails. / Fill your Hold to Capacity with
// Provisions."
var BlueGains = []string{ItemStory, ItemGold, ItemWind, ItemFill}

// BoardBonus is one Bonus printed on a Ship Board track: blue (Gain, applied
// at once) or yellow (Renown at the end of the game).
type BoardBonus struct {
	Track  string `json:"track"`
	At     int    `json:"at"`               // Story square, Cannon, or the last box of a Provisions/Gold column
	Gain   string `json:"gain,omitempty"`   // blue: story, gold, wind or fill
	Renown int    `json:"renown,omitempty"` // yellow
}

// Yellow reports whether the Bonus gives Renown at the end of the game.
func (bb BoardBonus) Yellow() bool { return bb.Gain == "" }

// String writes the Bonus as it is entered: "5:blue-gold", "10:yellow-4".
func (bb BoardBonus) String() string {
	if bb.Yellow() {
		return fmt.Sprintf("%d:yellow-%d", bb.At, bb.Renown)
	}
	return fmt.Sprintf("%d:blue-%s", bb.At, bb.Gain)
}

// Place names the spot of the Ship Board the Bonus sits on.
func (bb BoardBonus) Place() string {
	switch bb.Track {
	case TrackStory:
		return fmt.Sprintf("Story Track square %d", bb.At)
	case TrackCannon:
		return fmt.Sprintf("Cannon %d", bb.At)
	case TrackGold:
		return fmt.Sprintf("Gold Piece column ending at box %d", bb.At)
	}
	return fmt.Sprintf("Provisions column ending at box %d", bb.At)
}

// Text describes what the Bonus gives.
func (bb BoardBonus) Text() string {
	if bb.Yellow() {
		return fmt.Sprintf("yellow Bonus, %d Renown at the end of the game", bb.Renown)
	}
	if bb.Gain == ItemFill {
		return "blue Bonus, fill his Hold to Capacity with Provisions now"
	}
	return "blue Bonus, " + Items{bb.Gain: 1}.CaptainText() + " now"
}

// trackBonusKey is the rs-board key of a track's Bonuses.
func trackBonusKey(track string) string { return track + "-track.bonuses" }

var trackName = map[string]string{TrackProvisions: "Provisions Track", TrackGold: "Gold Piece Track", TrackCannon: "Cannon Track", TrackStory: "Story Track"}

var trackWhat = map[string]string{
	TrackProvisions: "AT is the number of the last box of the column the Bonus sits under, counting boxes from the first",
	TrackGold:       "AT is the number of the last box of the column the Bonus sits under, counting boxes from the first",
	TrackCannon:     "AT is the Cannon's number (leave out the last Cannon's Renown: that is rs.board.cannon.N.renown)",
	TrackStory:      "AT is the square's number",
}

// ParseBoardBonuses reads a track's Bonuses in one line: "none", or
// comma-separated AT:blue-KIND (KIND story, gold, wind, fill) and
// AT:yellow-RENOWN, AT from 1 to length (the track's boxes, or Cannons).
// On the Cannon Track the last Cannon's Renown is its own board value
// (cannon.N.renown), so a yellow Bonus there is refused.
func ParseBoardBonuses(track, s string, length int) ([]BoardBonus, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "none" || s == "-" {
		return nil, nil
	}
	form := "none, or comma-separated AT:blue-KIND (KIND: " + strings.Join(BlueGains, ", ") + ") and AT:yellow-RENOWN, e.g. 5:blue-gold,10:yellow-4"
	var out []BoardBonus
	for _, it := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		at, what, ok := strings.Cut(it, ":")
		n, err := strconv.Atoi(at)
		if !ok || err != nil {
			return nil, referee.Usagef("rollingseas: %s track Bonus %q: accepted: %s", track, it, form)
		}
		if n < 1 || n > length {
			return nil, referee.Usagef("rollingseas: %s track Bonus %q: %d is not on the track; accepted: 1-%d", track, it, n, length)
		}
		bb := BoardBonus{Track: track, At: n}
		color, kind, _ := strings.Cut(what, "-")
		switch color {
		case "blue":
			kind = strings.TrimSuffix(kind, "s")
			if !slices.Contains(BlueGains, kind) {
				return nil, referee.Usagef("rollingseas: %s track Bonus %q: a blue Bonus is one of %s (accepted: %s)", track, it, strings.Join(BlueGains, ", "), form)
			}
			bb.Gain = kind
		case "yellow":
			r, err := strconv.Atoi(kind)
			if err != nil || r < 1 || r > 100 {
				return nil, referee.Usagef("rollingseas: %s track Bonus %q: a yellow Bonus is yellow-RENOWN with RENOWN 1-100 (accepted: %s)", track, it, form)
			}
			if track == TrackCannon && n == length {
				return nil, referee.Usagef("rollingseas: cannon track Bonus %q: the Renown for the last Cannon is the board value rs.board.cannon.%d.renown; leave it out here", it, n)
			}
			bb.Renown = r
		default:
			return nil, referee.Usagef("rollingseas: %s track Bonus %q: accepted: %s", track, it, form)
		}
		if slices.ContainsFunc(out, func(o BoardBonus) bool { return o.At == n }) {
			return nil, referee.Usagef("rollingseas: %s track Bonus %q: %d is given twice (one Bonus per spot)", track, it, n)
		}
		out = append(out, bb)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out, nil
}

// trackLength is how many spots a Bonus track has.
func (b Board) trackLength(track string) (int, error) {
	if track == TrackCannon {
		return b.MaxCannons()
	}
	return b.Track(track)
}

// TrackBonuses returns the Bonuses printed on a Ship Board track (question
// key rs.board.TRACK-track.bonuses), asked once for the whole track.
func (b Board) TrackBonuses(track string) ([]BoardBonus, error) {
	if !slices.Contains(BonusTracks, track) {
		return nil, fmt.Errorf("rollingseas: %q is not a Ship Board track with Bonuses (%s)", track, strings.Join(BonusTracks, ", "))
	}
	length, err := b.trackLength(track)
	if err != nil {
		return nil, err
	}
	key := trackBonusKey(track)
	q := referee.Question{Key: "rs.board." + key, Kind: referee.KindText,
		Accepted: "none, or AT:blue-KIND (KIND: story, gold, wind, fill) or AT:yellow-RENOWN items comma-separated, AT a square of the track, e.g. 5:blue-gold,10:yellow-4",
		Text:     "the Bonuses printed on the Ship Board's " + trackName[track] + " in one line: AT:blue-KIND (KIND: story, gold, wind, fill) or AT:yellow-RENOWN, comma-separated (e.g. 5:blue-gold,10:yellow-4), or none; " + trackWhat[track]}
	v, err := referee.AskText(b.Set, b.Prompt, TableBoard, key, q, func(s string) error { _, err := ParseBoardBonuses(track, s, length); return err })
	if err != nil {
		return nil, err
	}
	bbs, err := ParseBoardBonuses(track, v, length)
	if err != nil {
		return nil, fmt.Errorf("rollingseas: board value %s = %q: %w (fix it in tables.yaml)", key, v, err)
	}
	return bbs, nil
}

// unlock gives him the Bonuses of track passed when its marks went from
// before to after: blue ones are returned to be gained at once, yellow ones
// are kept for the end of the game. Every Bonus unlocked is remembered.
func (ir *Ironside) unlock(b Board, track string, before, after int, notes *[]string) ([]Items, error) {
	if after <= before {
		return nil, nil
	}
	bbs, err := b.TrackBonuses(track)
	if err != nil {
		return nil, err
	}
	var blue []Items
	for _, bb := range bbs {
		if bb.At <= before || bb.At > after {
			continue
		}
		ir.Unlocked = append(ir.Unlocked, bb)
		*notes = append(*notes, bb.Place()+": "+bb.Text())
		if !bb.Yellow() {
			blue = append(blue, Items{bb.Gain: 1})
		}
	}
	return blue, nil
}

// YellowRenown sums the yellow Bonuses he unlocked on tracks (all tracks
// when none are named).
func (ir *Ironside) YellowRenown(tracks ...string) int {
	t := 0
	for _, bb := range ir.Unlocked {
		if bb.Yellow() && (len(tracks) == 0 || slices.Contains(tracks, bb.Track)) {
			t += bb.Renown
		}
	}
	return t
}

// yellowDetail describes the yellow Bonuses of tracks for his score.
func (ir *Ironside) yellowDetail(what string, tracks ...string) string {
	var parts []string
	for _, bb := range ir.Unlocked {
		if bb.Yellow() && slices.Contains(tracks, bb.Track) {
			parts = append(parts, fmt.Sprintf("%s +%d", bb.Place(), bb.Renown))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: +%d (%s)", what, ir.YellowRenown(tracks...), strings.Join(parts, ", "))
}
