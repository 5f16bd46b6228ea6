package atraxia

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// Values are the numbers the rules use, read from the wfa-* tables (so a
// user overlay may change them) with the rulebook values as defaults.
type Values struct {
	Strength     map[string]int `json:"strength"` // gunboat, frigate, destroyer, capital, privateer, pirate, home-base
	Cost         map[string]int `json:"cost"`
	UpkeepTable  []UpkeepRow    `json:"upkeep"`
	StartOC      int            `json:"start_oc"`
	StartAlWood  int            `json:"start_alwood"`
	IsleCrystals int            `json:"isle_crystals"`
	Countdown    int            `json:"countdown"`
	IsleReward   int            `json:"isle_reward"`
}

// UpkeepRow is one bracket of the upkeep table.
type UpkeepRow struct {
	Min int `json:"min"`
	OC  int `json:"oc"`
}

// DefaultValues returns the rulebook values.
func DefaultValues() Values {
	return Values{
		Strength: map[string]int{"gunboat": 1, "frigate": 3, "destroyer": 6, "capital": 10, "privateer": 15, "pirate": 15, "home-base": 10},
		Cost: map[string]int{"gunboat-oc": 1, "gunboat-alwood": 1, "frigate-oc": 2, "destroyer-oc": 4,
			"privateer-oc": 6, "privateer-alwood": 4, "rebuild-alwood": 3, "teleporter-alwood": 2, "mount-alwood": 2,
			"upgrade-crystals": 1, "convert-per-turn": 5, "power-per-turn": 2, "power-hand": 2,
			"battle-ammo-cards": 10, "battle-power-cards": 2, "power-card-min-cost": 1},
		UpkeepTable:  []UpkeepRow{{10, 3}, {20, 5}, {30, 7}, {40, 9}, {50, 11}},
		StartOC:      5,
		StartAlWood:  5,
		IsleCrystals: 15,
		Countdown:    5,
		IsleReward:   3,
	}
}

// LoadValues reads the wfa-* tables of set over the defaults. A nil set
// gives the defaults.
func LoadValues(set *tables.Set) (Values, error) {
	v := DefaultValues()
	if set == nil {
		return v, nil
	}
	for k := range v.Strength {
		if n, ok, err := intRow(set, "wfa-ships", k); err != nil {
			return v, err
		} else if ok {
			v.Strength[k] = n
		}
	}
	for k := range v.Cost {
		if n, ok, err := intRow(set, "wfa-costs", k); err != nil {
			return v, err
		} else if ok {
			v.Cost[k] = n
		}
	}
	if t, ok := set.Table("wfa-upkeep"); ok {
		var rows []UpkeepRow
		for _, r := range t.Rows {
			min, err := strconv.Atoi(r.Key)
			if err != nil {
				return v, fmt.Errorf("atraxia: table wfa-upkeep: key %q is not a fleet strength", r.Key)
			}
			oc, err := referee.ValueInt(r.Value)
			if err != nil {
				return v, fmt.Errorf("atraxia: table wfa-upkeep row %s: %w", r.Key, err)
			}
			rows = append(rows, UpkeepRow{min, oc})
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].Min < rows[j].Min })
		if len(rows) > 0 {
			v.UpkeepTable = rows
		}
	}
	for key, dst := range map[string]*int{"start-oc": &v.StartOC, "start-alwood": &v.StartAlWood,
		"isle-crystals": &v.IsleCrystals, "countdown": &v.Countdown, "isle-crystals-per-round": &v.IsleReward} {
		if n, ok, err := intRow(set, "wfa-setup", key); err != nil {
			return v, err
		} else if ok {
			*dst = n
		}
	}
	return v, nil
}

func intRow(set *tables.Set, table, key string) (int, bool, error) {
	n, ok, err := referee.KnownInt(set, table, key)
	if err != nil {
		return 0, false, fmt.Errorf("atraxia: %w", err)
	}
	return n, ok, nil
}

// Upkeep returns the Ocean Crystals due for a fleet of the given strength on
// the Isle of Myth (0 below the first bracket).
func (v Values) Upkeep(strength int) int {
	oc := 0
	for _, r := range v.UpkeepTable {
		if strength >= r.Min {
			oc = r.OC
		}
	}
	return oc
}
