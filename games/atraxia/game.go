package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// ID is the game id.
const ID = "war-for-atraxia"

// Game is the War for Atraxia referee (referee.Game).
type Game struct{}

// Info implements referee.Game.
func (Game) Info() referee.GameInfo {
	return referee.GameInfo{ID: ID, Aliases: []string{"atraxia", "wfa"}, Name: "War for Atraxia", MinPlayers: 3, MaxPlayers: 6, Side: "clan",
		Runs: "turns and actions, battles (fleet strength + ammo + power cards), pirates and privateers, Isle of Myth upkeep and end-game countdown", Rulebook: "war-for-atraxia.txt", Guide: "war-for-atraxia.md"}
}

// PirateDie is the black pirate die, rolled twice for a pirate fleet's power.
var PirateDie = referee.DieInfo{Name: "pirate", Title: "black pirate die", Game: ID, Count: 2}

// Dice implements referee.Game.
func (Game) Dice() []referee.DieInfo { return []referee.DieInfo{PirateDie} }

// Setup implements referee.Game: Game Setup and Player Setup.
func (Game) Setup(s *referee.Session, env *referee.Env) error {
	v, err := LoadValues(env.Tables)
	if err != nil {
		return err
	}
	opts, err := parseOptions(s.Options)
	if err != nil {
		return err
	}
	n := len(s.Players)
	if n < 3 || n > 6 {
		return referee.RuleError(cites(CiteGameSetup), "atraxia: War for Atraxia takes 3 to 6 clans, got %d", n)
	}
	st := &State{Opts: opts, Round: 1, Allowed: 2, IsleMC: v.IsleCrystals, Market: 4}
	used := map[string]bool{}
	for i, p := range s.Players {
		if p.Side == "" {
			continue
		}
		c, ok := ParseClan(p.Side)
		if !ok {
			return referee.Usagef("atraxia: player %s: %q is not a clan; accepted: %s", p.Name, p.Side, strings.Join(Clans, ", "))
		}
		if used[c] {
			return referee.Usagef("atraxia: the %s clan is taken twice; each player leads a different clan (%s)", c, strings.Join(Clans, ", "))
		}
		used[c] = true
		s.Players[i].Side = c
	}
	for i, p := range s.Players {
		if p.Side == "" {
			for _, c := range Clans {
				if !used[c] {
					used[c] = true
					s.Players[i].Side = c
					break
				}
			}
		}
		c := &Clan{Player: p.Name, Clan: s.Players[i].Side, OC: v.StartOC, AlWood: v.StartAlWood, Ammo: []int{1, 1, 1},
			Ability: 1, Reserve: StartReserve}
		c.Capital = c.Home()
		st.Clans = append(st.Clans, c)
	}
	// Lost Expedition tiles: shuffle the 8, one on each uncovered Apex Island.
	tiles := []int{1, 2, 3, 4, 5, 6, 7, 8}
	for i := len(tiles) - 1; i > 0; i-- {
		j := env.Dice.IntN(i + 1)
		tiles[i], tiles[j] = tiles[j], tiles[i]
	}
	k := 0
	for i := 1; i <= 6; i++ {
		a := &Apex{Name: fmt.Sprintf("apex%d", i)}
		if n == 5 && i == opts.Covered {
			a.Covered = true
		} else if opts.Pirates {
			a.Pirate = true
		} else {
			a.Tile = tiles[k]
			k++
		}
		st.Apex = append(st.Apex, a)
	}
	if !opts.Pirates {
		st.Unused = append([]int(nil), tiles[k:]...)
	}
	board := "Central Continent in the middle; each Player Continent's northernmost island attached to an Apex Island, Home Base nearest its player, spaced evenly and not touching"
	layout := fmt.Sprintf("%d-player layout", n)
	if n == 5 {
		layout += fmt.Sprintf("; apex%d stays covered (red tile, no Magic Crystals)", opts.Covered)
	}
	if n != 4 && n != 5 {
		layout += " (the rulebook draws only the 4- and 5-player layouts: space the continents as evenly as possible)"
	}
	power := "draw 4 Power cards face up"
	if n <= 4 {
		power += " (leave out the cards marked for 5-6 player games)"
	}
	// "Shuffle the 8 Lost Expedition tiles and randomly place one tile ...
	// on each Apex Island. Then place 1 Magic Crystal on each. Return the 2
	// unused tiles to the box" (Game Setup D, war-for-atraxia/game-setup) counts the six Apex
	// Islands of a 3, 4 or 6 clan game. "IN A 5 PLAYER GAME, ONE APEX ISLAND
	// REMAINS COVERED THROUGHOUT THE GAME. DURING SETUP, PLACE A RED TILE
	// OVER IT. THERE ARE NO MAGIC CRYSTALS ON THIS ISLAND" (war-for-atraxia/game-setup): the
	// covered island gets no tile and no crystal, so with 5 clans 5 tiles go
	// out and 3 go back to the box. The text says what the state holds
	// (issue 30): the tiles placed and returned are counted from it.
	apex := fmt.Sprintf("one Lost Expedition tile on each Apex Island with 1 Magic Crystal on it; %s unused, back in the box", referee.Count(len(st.Unused), "tile"))
	if n == 5 {
		apex = fmt.Sprintf("one Lost Expedition tile on each of the %s with 1 Magic Crystal on it, none on apex%d (red tile); %s unused, back in the box", referee.Count(k, "uncovered Apex Island"), opts.Covered, referee.Count(len(st.Unused), "tile"))
	}
	if opts.Pirates {
		apex = "one Pirate token, pirate side up, on each Apex Island (The Rise of Pirates); the black pirate die beside the board"
		if n == 5 {
			// "(If playing with 5 players, do not add a Pirate token to the covered island.)"
			apex = fmt.Sprintf("one Pirate token, pirate side up, on each of the 5 uncovered Apex Islands, none on apex%d (red tile) (The Rise of Pirates); the black pirate die beside the board", opts.Covered)
		}
	}
	env.Emit(referee.Event{Type: "setup", Text: fmt.Sprintf("War for Atraxia, %s: %s; %s; %s; %s; %s on the Isle of Myth; turn tracker on its starting position", referee.Count(n, "clan"), board, layout, power, apex, referee.Count(v.IsleCrystals, "Magic Crystal")),
		Data:  map[string]any{"clans": n, "pirates": opts.Pirates, "apex": st.Apex, "unused_tiles": st.Unused, "isle_crystals": v.IsleCrystals},
		Cites: cites(CiteGameSetup, CitePirateSetup)})
	for _, c := range st.Clans {
		env.Emit(referee.Event{Type: "setup-player", Text: fmt.Sprintf("%s (%s clan): 5 OC, 5 AlWood, three value-1 Ammo cards, 2 teleporters; Capital Ship on %s, 3 Gunboats and 1 Frigate on the two islands next to it; reserve %s", c.Player, c.Clan, c.Home(), c.Reserve),
			Data: map[string]any{"player": c.Player, "clan": c.Clan}, Cites: cites(CitePlayerSetup)})
	}
	return s.SaveState(st)
}

func load(s *referee.Session) (*State, error) {
	st := &State{}
	if err := s.LoadState(st); err != nil {
		return nil, err
	}
	if len(st.Clans) == 0 {
		return nil, fmt.Errorf("atraxia: session %s has no game state", s.Name)
	}
	return st, nil
}

// Status implements referee.Game.
func (Game) Status(s *referee.Session, env *referee.Env) (referee.StatusView, error) {
	st, err := load(s)
	if err != nil {
		return nil, err
	}
	v, err := LoadValues(env.Tables)
	if err != nil {
		return nil, err
	}
	return MakeStatus(st, v), nil
}

// StatusView is what `bosun status` shows.
type StatusView struct {
	Round       int          `json:"round"`
	Turn        string       `json:"turn"`
	ActionsLeft int          `json:"actions_left"`
	Countdown   int          `json:"countdown"`
	Isle        Isle         `json:"isle"`
	IsleMC      int          `json:"isle_crystals"`
	Apex        []*Apex      `json:"apex"`
	Blocks      []*Block     `json:"blocks,omitempty"`
	Clans       []ClanStatus `json:"clans"`
	Over        bool         `json:"over"`
	Winners     []string     `json:"winners,omitempty"`
	Why         string       `json:"why,omitempty"`
	Scores      []Score      `json:"scores,omitempty"`

	// For the text view only (the JSON view is unchanged).
	started      bool
	clan         string
	isleStrength int
	isleUpkeep   int
	isleNeed     int
}

// ClanStatus is one clan's line of the status.
type ClanStatus struct {
	*Clan
	AmmoValue int    `json:"ammo_value"`
	Strength  int    `json:"fleet_strength"`
	Cards     string `json:"resource_cards"`
}

// MakeStatus builds the status view.
func MakeStatus(st *State, v Values) StatusView {
	sv := StatusView{Round: st.Round, Countdown: st.Count, Isle: st.Isle, IsleMC: st.IsleMC, Apex: st.Apex, Blocks: st.Blocks,
		Over: st.Over, Winners: st.Winners, Why: st.Why, Scores: st.Scores}
	if !st.Over {
		sv.Turn = st.current().Player
		sv.ActionsLeft = st.Allowed - st.Actions
		sv.clan = st.current().Clan
		sv.started = st.Started
	}
	sv.isleStrength = v.FleetStrength(st.Isle.Fleet, false)
	sv.isleUpkeep = v.Upkeep(sv.isleStrength)
	sv.isleNeed = 3
	if st.Opts.IsleWin == "entry-turn" {
		sv.isleNeed = 2
	}
	for _, c := range st.Clans {
		sv.Clans = append(sv.Clans, ClanStatus{Clan: c, AmmoValue: c.AmmoTotal(), Strength: v.FleetStrength(c.OnBoard(), false),
			Cards: fmt.Sprintf("OC %d = %s of 10 + %d; AlWood %d = %s of 10 + %d", c.OC, referee.Count(c.OC/10, "card"), c.OC%10, c.AlWood, referee.Count(c.AlWood/10, "card"), c.AlWood%10)})
	}
	return sv
}

// Next implements referee.Game: one step is the start of a turn (with the
// Isle of Myth upkeep) and one action of the clan whose turn it is.
func (Game) Next(s *referee.Session, env *referee.Env) error {
	return referee.Step(s, load, func(st *State) error {
		if st.Over {
			return referee.Usagef("atraxia: the game is over (%s)", st.Why)
		}
		v, err := LoadValues(env.Tables)
		if err != nil {
			return err
		}
		t := &step{st: st, v: v, env: env, p: env.Prompt}
		if err := t.run(); err != nil {
			return err
		}
		if st.Over {
			s.Over = true
		}
		return nil
	})
}
