package procedure

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

// Voting is the Viceroy Voting in progress.
type Voting struct {
	Step    int        `json:"step"` // 0 tally, 1 auctions, 2 result
	Sides   []VoteSide `json:"sides"`
	Islands int        `json:"islands"`
}

// VoteSide is one player's (or team's) votes.
type VoteSide struct {
	Name      string         `json:"name"`
	Members   []string       `json:"members"`
	Breakdown map[string]int `json:"breakdown"` // votes per category
	Auctions  int            `json:"auctions_won"`
	Total     int            `json:"total"`
	Pool      int            `json:"pool"` // Cannons + Sailors (+ Militia) for the confrontation
}

// VoteCategories are the tallied categories, with the counts asked and
// the Votes each is worth.
var VoteCategories = []struct {
	Key, Title string
	Votes      int
	Category   string
}{
	{"forts", "Forts on your Captured Islands", 5, "island workers"},
	{"mines", "Mines on your Captured Islands", 5, "island workers"},
	{"plantations", "Plantations on your Captured Islands", 5, "island workers"},
	{"captains", "active Captains on your Player Ships", 5, "captains"},
	{"officers", "active Gunners and Fencing Masters on your Player Ships", 3, "other officers"},
	{"sailors", "Sailors on your Player Ships", 1, "remaining crew"},
	{"cannons", "Cannons on your Player Ships", 1, "remaining crew"},
	{"militia", "Sailors in your Plantations with a Militia", 1, "remaining crew"},
	{"trophies", "Pirate Ship and Sea Monster tokens in your Treasury", 5, "natives"},
	{"rafts", "Rafts in your Treasury", 4, "rescued castaways"},
}

// voteBox is the box's limit on a Viceroy Voting count: every player's
// count of that kind together (the pool) cannot pass the components
// (misty-waters/components).
type voteBox struct {
	pool, what string
	box        int
	cite       string
}

var voteBoxes = map[string]voteBox{
	"forts":       {"forts", `"3 cardboard/plastic miniature* Forts"`, 3, citeCompInfra},
	"mines":       {"mines", `"3 cardboard/plastic miniature* Mines"`, 3, citeCompInfra},
	"plantations": {"plantations", `"3 cardboard/plastic miniature* Plantations"`, 3, citeCompInfra},
	"captains":    {"captains", `"8 Captains/First-Class Captain tokens"`, 8, citeCompCrew},
	"officers":    {"officers", `"8 Gunners/First-Class Gunner tokens" and "8 Fencing Masters/First-Class Fencing Master tokens"`, 16, citeCompCrew},
	"sailors":     {"sailors", `"50 Sailor tokens" (Sailors aboard and in Militias together)`, 50, citeCompCrew},
	"militia":     {"sailors", `"50 Sailor tokens" (Sailors aboard and in Militias together)`, 50, citeCompCrew},
	// The Militias' own box limit is militiaBox (3 Plantations, 2 Sailors
	// each); militiaRefusal bounds each player's count by their Plantations.
	"cannons":  {"cannons", `"50 Cannon tokens"`, 50, citeCompCrew},
	"trophies": {"trophies", `"8 cardboard token/plastic miniature* xebec Pirate Ships" and 6 Sea Monsters (one each of 6 kinds)`, 14, citeCompMonsters},
	"rafts":    {"rafts", `"8 Raft tokens"`, 8, citeCompMisc},
}

// voteCountRefusal refuses a Viceroy Voting count that would make the
// players' counts of its kind together pass the box (used: what the
// players already answered, by pool).
func voteCountRefusal(key, title string, n int, used map[string]int) error {
	b, ok := voteBoxes[key]
	if !ok || used[b.pool]+n <= b.box {
		return nil
	}
	return referee.RuleError([]string{b.cite}, "misty: %d %s would make %d in all with the other answers, but the box holds %s (accepted: at most %d more)",
		n, title, used[b.pool]+n, b.what, max(b.box-used[b.pool], 0))
}

// Militias (Advanced Rules, misty-waters/plantations-with-a-militia): a Militia stands next to a
// Plantation ("place on the island next to the Plantation up to 2
// Sailors to establish a Militia"), "there can never be more than 2
// Sailors in the Militia", and "Each island is limited to 1 token of each
// type of infrastructure and also each type of infrastructure is limited
// to 3 tokens for the entire map" (misty-waters/building; "3 cardboard/plastic miniature*
// Plantations", misty-waters/infrastructure). So one player's Sailors in Militias are at most 2 per
// Plantation that player counted just before, and all players' together
// at most 2 x 3 = 6 (the count used to accept 0-50, the Sailor tokens).
const (
	militiaSailors = 2
	militiaBox     = militiaSailors * 3
)

// militiaRefusal refuses n Sailors in Militias for a player who counted
// plantations Plantations on their Captured Islands.
func militiaRefusal(member string, n, plantations int) error {
	if n <= militiaSailors*plantations {
		return nil
	}
	return referee.RuleError([]string{mw.CiteMilitia, citeCompInfra}, "misty: %s counted %s, and a Militia is at most 2 Sailors next to a Plantation (\"there can never be more than 2 Sailors in the Militia\"; 1 Plantation an island, 3 in the box), so %s in Militias cannot be (accepted: at most %d)",
		member, referee.Count(plantations, "Plantation"), referee.Count(n, "Sailor"), militiaSailors*plantations)
}

// MainIslands is the number of islands a player can Capture: "There are 6
// large Main Islands" and "Capture the Main Island by removing the
// island's final Exploration Card".
const MainIslands = 6

// BoxSilver is the worth in Silver of every coin in the box: "24 Silver
// Coins", "20 Gemstones*" and "24 Gold Coins" (Components, Currency), a
// Gemstone worth 3 and a Gold Coin 5 ("Silver Coins (e.g. 'Silver') are
// worth 1", "Gemstones* (e.g. 'Gems') are worth 3", Gold "e.g. 5 Silver
// Coins"). No sum of Silver the players hold, bid or bet together can pass
// it.
const BoxSilver = 24 + 20*3 + 24*5

// silverRefusal refuses n Silver when the players' Silver already named
// for the same purpose (used) and n would pass BoxSilver.
func silverRefusal(what string, n, used int) error {
	if used+n <= BoxSilver {
		return nil
	}
	return referee.RuleError([]string{citeCompCurrency}, "misty: %s of %d Silver would make %d Silver in all with the others, but every coin in the box is worth %d Silver (24 Silver Coins, 20 Gemstones worth 3, 24 Gold Coins worth 5; accepted: at most %d more)",
		what, n, used+n, BoxSilver, max(BoxSilver-used, 0))
}

// silverAsk asks an amount of Silver bounded by the box's coins, with the
// Silver already named for the same purpose (used).
func (r *step) silverAsk(key, text, what string, used int) (int, error) {
	a, err := r.ask(referee.Question{Key: key, Text: text, Kind: referee.KindNumber, Min: 0, Max: BoxSilver,
		Check: func(a string) (string, error) {
			n, err := strconv.Atoi(a)
			if err != nil {
				return a, err
			}
			return a, silverRefusal(what, n, used)
		}})
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(a)
	if err != nil {
		return 0, err
	}
	return n, silverRefusal(what, n, used)
}

// Tally returns the Votes per category for counts keyed by VoteCategories.
func Tally(counts map[string]int) (map[string]int, int) {
	out := map[string]int{}
	total := 0
	for _, c := range VoteCategories {
		v := counts[c.Key] * c.Votes
		out[c.Category] += v
		total += v
	}
	return out, total
}

// AuctionWinner returns the index of the sole highest bid, or -1 when the
// highest bid is tied or 0.
func AuctionWinner(bids []int) int {
	best, who, tie := 0, -1, false
	for i, b := range bids {
		switch {
		case b > best:
			best, who, tie = b, i, false
		case b == best && b > 0:
			tie = true
		}
	}
	if tie || best == 0 {
		return -1
	}
	return who
}

func (r *step) startVoting(only []string) {
	st := r.st
	v := &Voting{}
	for _, sd := range st.sides() {
		if only != nil {
			in := false
			for _, o := range only {
				if o == sd.Name {
					in = true
				}
			}
			if !in {
				continue
			}
		}
		v.Sides = append(v.Sides, VoteSide{Name: sd.Name, Members: sd.Members})
	}
	v.Islands = st.totalCaptured()
	st.Voting = v
	st.Phase = PhaseVoting
}

func (r *step) voting() error {
	st := r.st
	v := st.Voting
	switch v.Step {
	case 0:
		used := map[string]int{} // every side's answers so far, by voteBoxes pool
		for i := range v.Sides {
			sd := &v.Sides[i]
			counts := map[string]int{}
			for _, m := range sd.Members {
				mine := map[string]int{} // this member's answers
				for _, c := range VoteCategories {
					if c.Key == "militia" && !st.Opt.adv("militia") {
						continue
					}
					b := voteBoxes[c.Key]
					if b.box > 0 && b.box-used[b.pool] <= 0 {
						continue // the box holds no more of these: 0, not asked
					}
					most := b.box
					if c.Key == "militia" {
						// A Militia needs a Plantation (see militiaRefusal): with
						// none counted, 0 and not asked.
						if mine["plantations"] == 0 {
							continue
						}
						most = militiaBox
					}
					refuse := func(n int) error {
						if c.Key == "militia" {
							if err := militiaRefusal(m, n, mine["plantations"]); err != nil {
								return err
							}
						}
						return voteCountRefusal(c.Key, c.Title, n, used)
					}
					a, err := r.ask(referee.Question{Key: "misty.vote." + m + "." + c.Key, Text: fmt.Sprintf("%s: how many %s?", m, c.Title),
						Kind: referee.KindNumber, Min: 0, Max: most,
						Check: func(a string) (string, error) {
							n, err := strconv.Atoi(a)
							if err != nil {
								return a, err
							}
							return a, refuse(n)
						}})
					if err != nil {
						return err
					}
					n, err := strconv.Atoi(a)
					if err != nil {
						return err
					}
					if err := refuse(n); err != nil {
						return err
					}
					used[b.pool] += n
					counts[c.Key] += n
					mine[c.Key] = n
				}
			}
			sd.Breakdown, sd.Total = Tally(counts)
			sd.Pool = counts["sailors"] + counts["cannons"] + counts["militia"]
			var parts []string
			for _, cat := range []string{"island workers", "captains", "other officers", "remaining crew", "natives", "rescued castaways"} {
				parts = append(parts, fmt.Sprintf("%s %d", cat, sd.Breakdown[cat]))
			}
			r.emit("voting", fmt.Sprintf("Viceroy Voting, %s: %s (%s)", sd.Name, referee.Count(sd.Total, "Vote"), strings.Join(parts, ", ")),
				map[string]any{"side": sd.Name, "votes": sd.Total, "breakdown": sd.Breakdown, "counts": counts}, citeVictoryViceroy)
		}
		v.Step = 1
	case 1:
		r.emit("voting", fmt.Sprintf("Vote Auction: %s, one sealed-bid auction each (bids return to the supply; a tie or a top bid of 0 gives nobody Votes)", referee.Count(v.Islands, "Captured Island")), map[string]any{"islands": v.Islands}, citeVoteAuction)
		for isl := 1; isl <= v.Islands; isl++ {
			bids := make([]int, len(v.Sides))
			var shown []string
			used := 0
			for i, sd := range v.Sides {
				b, err := r.silverAsk(fmt.Sprintf("misty.vote.auction.%d.%s", isl, sd.Name), fmt.Sprintf("auction %d: %s's sealed bid in Silver", isl, sd.Name), "a bid", used)
				if err != nil {
					return err
				}
				used += b
				bids[i] = b
				shown = append(shown, fmt.Sprintf("%s %d", sd.Name, b))
			}
			w := AuctionWinner(bids)
			text := fmt.Sprintf("auction %d: bids %s: ", isl, strings.Join(shown, ", "))
			if w < 0 {
				text += "no Votes (tie or no bid)"
			} else {
				v.Sides[w].Auctions++
				v.Sides[w].Total += 5
				text += v.Sides[w].Name + " wins 5 Votes"
			}
			r.env.Reveal()
			r.emit("voting", text, map[string]any{"island": isl, "bids": bids}, citeVoteAuction)
		}
		v.Step = 2
	default:
		best := -1
		for _, sd := range v.Sides {
			if sd.Total > best {
				best = sd.Total
			}
		}
		var tied []int
		var totals []string
		for i, sd := range v.Sides {
			totals = append(totals, fmt.Sprintf("%s %d", sd.Name, sd.Total))
			if sd.Total == best {
				tied = append(tied, i)
			}
		}
		winner := tied[0]
		if len(tied) > 1 {
			w, err := r.confrontation(tied)
			if err != nil {
				return err
			}
			winner = w
		}
		st.Winners = v.Sides[winner].Members
		st.Phase = PhaseOver
		r.emit("endgame", fmt.Sprintf("Viceroy Voting: %s; %s is the Viceroy of the Misty Waters", strings.Join(totals, ", "), v.Sides[winner].Name),
			map[string]any{"winners": st.Winners, "totals": totals, "reason": st.EndReason}, citeViceroy)
	}
	return nil
}

// confrontation breaks a tie for most Votes: each tied side with tokens
// rolls a die; the lowest remove a token; until one side has tokens left.
func (r *step) confrontation(tied []int) (int, error) {
	v := r.st.Voting
	pools := map[int]int{}
	var names []string
	for _, i := range tied {
		pools[i] = v.Sides[i].Pool
		names = append(names, fmt.Sprintf("%s %d", v.Sides[i].Name, v.Sides[i].Pool))
	}
	r.emit("voting", "Tie for most Votes: final confrontation with pools of Cannons and Sailors: "+strings.Join(names, ", "), map[string]any{"pools": names}, citeViceroy)
	for guard := 0; guard < 10000; guard++ {
		var alive []int
		for _, i := range tied {
			if pools[i] > 0 {
				alive = append(alive, i)
			}
		}
		if len(alive) == 1 {
			return alive[0], nil
		}
		if len(alive) == 0 {
			return tied[0], nil // nobody has tokens: the first tied side in seating order
		}
		low := 7
		rolls := map[int]int{}
		for _, i := range alive {
			d, err := r.d6("misty.vote.confront." + v.Sides[i].Name)
			if err != nil {
				return 0, err
			}
			rolls[i] = d
			if d < low {
				low = d
			}
		}
		allSame := true
		for _, i := range alive {
			if rolls[i] != rolls[alive[0]] {
				allSame = false
			}
		}
		if allSame {
			continue
		}
		var out []string
		for _, i := range alive {
			if rolls[i] == low {
				pools[i]--
				out = append(out, v.Sides[i].Name)
			}
		}
		sort.Strings(out)
		r.emit("voting", fmt.Sprintf("confrontation: lowest die %d: %s remove a token", low, strings.Join(out, ", ")), map[string]any{"low": low, "lose": out}, citeViceroy)
	}
	return tied[0], nil
}
