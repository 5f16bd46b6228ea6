package rulesref

import (
	"regexp"
	"sort"
	"strings"
)

var (
	reQuoted  = regexp.MustCompile(`"([^"]{3,})"`)
	reRemove  = regexp.MustCompile(`Remove "([^"]+)" \(from "([^"]+)"\)`)
	reReplace = regexp.MustCompile(`replace "([^"]+)" with "([^"]+)" \(in "([^"]+)"\)`)
	reNamed   = regexp.MustCompile(`^Page \d+ \(([^)]*)\)`)
)

// isNote reports whether e is an errata, Q&A or FAQ entry.
func (e *entry) isNote() bool { return e.Kind == KindErrata || e.Kind == KindQA }

// linkNotes links every errata, official Q&A and FAQ entry to the sections
// it amends: errata by the words they quote and the section they name,
// Q&A and FAQ entries (which quote nothing) by searching for their words.
func linkNotes(c *corpus) {
	for i := range c.Secs {
		e := &c.Secs[i]
		if e.Kind != KindErrata {
			continue
		}
		text := e.ownText(c)
		targets := map[int]bool{}
		for _, m := range reQuoted.FindAllStringSubmatch(text, -1) {
			q := m[1]
			if len(strings.Fields(q)) < 2 {
				continue
			}
			for j := range c.Secs {
				t := &c.Secs[j]
				if t.Book != e.Book || !t.searchable() || t.isNote() || t.Kind == KindHeading && strings.Contains(strings.ToLower(t.Title), "errata") {
					continue
				}
				if strings.Contains(normPhrase(t.ownText(c)), normPhrase(q)) {
					targets[j] = true
				}
			}
		}
		if m := reNamed.FindStringSubmatch(e.Title); m != nil {
			for _, name := range strings.Split(m[1], ",") {
				name = strings.TrimSpace(name)
				for j := range c.Secs {
					t := &c.Secs[j]
					if t.Book == e.Book && t.searchable() && !t.isNote() && !t.summary && strings.EqualFold(t.Title, name) {
						targets[j] = true
					}
				}
			}
		}
		link(c, i, targets)
	}
	// Q&A entries: the sections they interpret (named by hand where the
	// official Q&A quotes no words), else the best matching sections.
	for i := range c.Secs {
		e := &c.Secs[i]
		if !(e.Kind == KindQA) {
			continue
		}
		targets := map[int]bool{}
		if ids, ok := qaLinks[e.ID]; ok {
			for _, id := range ids {
				if j, ok := c.find(id); ok {
					targets[j] = true
				}
			}
			link(c, i, targets)
			continue
		}
		// the section its title names, and the one its text is about
		for _, q := range []string{e.Title, e.Title + " " + e.ownText(c)} {
			for _, r := range c.search(q, SearchOptions{Games: []string{Games[e.GameIdx]}, Limit: 1, noNotes: true, all: true}) {
				j, _ := c.find(r.ID)
				targets[j] = true
			}
		}
		link(c, i, targets)
	}
}

// qaLinks names the sections each official Q&A entry of Misty Waters
// interprets; the Q&A quotes no words and names no pages.
var qaLinks = map[string][]string{
	"misty-waters/action-cards-played-before-pirate-boarding-advanced-rules": {"misty-waters/pirate-ship-boarding-battles", "misty-waters/step-3-pre-dice-roll-action-cards"},
	"misty-waters/action-cards-played-during-the-weather-phase":              {"misty-waters/weather-limitations", "misty-waters/action-cards"},
	"misty-waters/action-cards-played-in-combat":                             {"misty-waters/step-3-pre-dice-roll-action-cards", "misty-waters/step-4a-broadside-battle/rerolls-and-action-cards", "misty-waters/step-4b-boarding-battle/rerolls-and-action-cards"},
	"misty-waters/sea-adventure-cards-drawing":                               {"misty-waters/sea-adventure-cards", "misty-waters/thar-she-blows"},
	"misty-waters/conquistador-s-galleass-under-player-command":              {"misty-waters/acquiring-the-galleass", "misty-waters/step-1-player-ship-movement/occupied-spaces"},
	"misty-waters/multiple-ships":                                            {"misty-waters/exploration-cards", "misty-waters/explore-islands"},
	// the publisher's "Q & A" explains rules rather than changing them
	"misty-waters/why-is-cannon-fire-so-random": {"misty-waters/step-4a-broadside-battle", "misty-waters/officer-summary"},
	"misty-waters/why-can-t-i-deliberately-sink-my-own-ship-to-prevent-a-stronger-opponent-from-taking-my-cargo":       {"misty-waters/scrapping-player-ships"},
	"misty-waters/why-can-t-i-throw-loot-overboard-when-threatened":                                                    {"misty-waters/cargo-holds", "misty-waters/captain-s-cabin"},
	"misty-waters/why-do-my-surviving-crew-and-officers-join-the-enemy-when-my-ship-sinks":                             {"misty-waters/lost-player-ship-from-broadside-battle", "misty-waters/lost-player-ship-from-boarding-battle"},
	"misty-waters/why-do-i-get-a-grant-after-losing-my-first-ship-an-exorcist-after-the-second-and-nothing-after-that": {"misty-waters/defeated-player-ships"},
	"misty-waters/why-is-my-fleet-limited-to-two-ships":                                                                {"misty-waters/buying-player-ships", "misty-waters/extended-variant"},
	"misty-waters/i-tried-boarding-another-player-s-ship-and-failed-why":                                               {"misty-waters/step-4b-boarding-battle"},
	"misty-waters/which-attack-type-is-better-boarding-or-cannon-fire":                                                 {"misty-waters/step-2-declaring-battle-type"},
	"misty-waters/can-you-win-misty-waters-without-fighting":                                                           {"misty-waters/battles"},
	// Quests & Cannons FAQ: the rules each answer clarifies
	"quests-and-cannons/can-i-use-my-sails-to-start-moving":                                                                                {"quests-and-cannons/sails"},
	"quests-and-cannons/do-i-have-to-keep-rolling-until-i-succeed-when-i-fail-treacherous-seas":                                            {"quests-and-cannons/the-sea"},
	"quests-and-cannons/can-the-same-event-trigger-multiple-effects":                                                                       {"quests-and-cannons/damage-sinking", "quests-and-cannons/loot-cards"},
	"quests-and-cannons/can-i-use-dwunny-luck-or-monster-repellent-after-seeing-what-i-rolled-for-treacherous-seas":                        {"quests-and-cannons/champion-abilities", "quests-and-cannons/the-sea"},
	"quests-and-cannons/do-i-count-stormy-seas-as-one-space-or-two-with-delvish-mobility":                                                  {"quests-and-cannons/the-sea"},
	"quests-and-cannons/can-i-use-my-movement-from-delvish-mobility-if-i-succeed-at-treacherous-sea":                                       {"quests-and-cannons/the-sea"},
	"quests-and-cannons/do-i-lose-prosperity-if-i-sink-because-of-my-own-song-of-daring-or-gale-wand-or-my-teammate-s-tome-of-retribution": {"quests-and-cannons/damage-sinking"},
	"quests-and-cannons/if-i-sink-someone-with-damage-from-a-loot-card-do-i-get-their-coins-and-the-prosperity-reward":                     {"quests-and-cannons/damage-sinking"},
}

func link(c *corpus, note int, targets map[int]bool) {
	ts := make([]int, 0, len(targets))
	for t := range targets {
		ts = append(ts, t)
	}
	sort.Ints(ts)
	for _, t := range ts {
		c.Secs[note].Amends = append(c.Secs[note].Amends, t)
		c.Secs[t].Notes = append(c.Secs[t].Notes, note)
	}
}

// NoteFAQ is the kind of a Note from a rulebook's FAQ (its section's kind
// is KindQA).
const NoteFAQ = "faq"

// Note is an errata, official Q&A or FAQ entry attached to a section.
type Note struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"` // errata, qa or faq
	Title string `json:"title"`
	Text  string `json:"text"`
	// Reading is the amended wording where an errata replaces words.
	Reading []string `json:"reading,omitempty"`
}

func (c *corpus) note(i int) Note {
	e := &c.Secs[i]
	kind := e.Kind
	if kind == KindQA {
		a := i
		for c.Secs[a].Parent >= 0 {
			a = c.Secs[a].Parent
		}
		if strings.Contains(strings.ToLower(c.Secs[a].Title), "faq") {
			kind = NoteFAQ // a rulebook's own FAQ (Quests & Cannons)
		}
	}
	n := Note{ID: e.ID, Kind: kind, Title: e.Title, Text: e.ownText(c)}
	if e.Kind == KindErrata {
		n.Reading = amendedReadings(n.Text)
	}
	return n
}

// amendedReadings applies an errata's "Remove X (from S)" and "replace A
// with B (in S)" to S and returns the readings that now apply.
func amendedReadings(text string) []string {
	var out []string
	for _, m := range reRemove.FindAllStringSubmatch(text, -1) {
		r := strings.Join(strings.Fields(strings.Replace(m[2], m[1], "", 1)), " ")
		out = append(out, r)
	}
	for _, m := range reReplace.FindAllStringSubmatch(text, -1) {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(m[1]) + `\b`)
		done := false
		r := re.ReplaceAllStringFunc(m[3], func(s string) string {
			if done {
				return s
			}
			done = true
			return m[2]
		})
		out = append(out, r)
	}
	return out
}
