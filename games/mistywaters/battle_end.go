package mistywaters

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Reward is what one side's player receives at the end of a Battle.
type Reward struct {
	To     string   `json:"to"` // attacker or defender
	Player string   `json:"player,omitempty"`
	Silver int      `json:"silver,omitempty"`
	XP     int      `json:"xp,omitempty"`
	Trophy string   `json:"trophy,omitempty"` // Pirate Ship or Sea Monster token (5 Votes)
	Votes  int      `json:"votes,omitempty"`
	Items  []string `json:"items,omitempty"` // Treasure Chest (7 Silver), Conquistadors' Treasure
	Why    string   `json:"why"`
}

// Seizure says what the victor's Player Ship may take from a defeated ship.
type Seizure struct {
	By    string   `json:"by"`
	May   []string `json:"may"`
	Sinks []string `json:"sinks,omitempty"`
	Note  string   `json:"note,omitempty"`
}

// Choice is one of the victor's decisions after a Boarding win over a
// Player Ship, with whether its conditions are met.
type Choice struct {
	Name    string `json:"name"`
	Allowed bool   `json:"allowed"`
	Why     string `json:"why"`
}

// PlayerDefeat is what 'Defeated Player Ships' gives the loser's player.
type PlayerDefeat struct {
	Player           string `json:"player,omitempty"`
	Nth              int    `json:"nth"` // 1 = first defeated ship
	Silver           int    `json:"silver,omitempty"`
	SkullRockRemoved bool   `json:"skull_rock_removed,omitempty"`
	Lost             bool   `json:"lost"`
	OfficersRemoved  bool   `json:"officers_removed,omitempty"`
	BailOut          string `json:"bail_out,omitempty"`
}

// Outcome is the end of a Battle.
type Outcome struct {
	Defeated     []string      `json:"defeated,omitempty"` // "attacker", "defender"
	Winner       string        `json:"winner,omitempty"`
	Rewards      []Reward      `json:"rewards,omitempty"`
	Removed      []string      `json:"removed,omitempty"`
	Seize        *Seizure      `json:"seize,omitempty"`
	Choices      []Choice      `json:"choices,omitempty"`
	PlayerDefeat *PlayerDefeat `json:"player_defeat,omitempty"`
	EndGame      bool          `json:"end_game,omitempty"` // the Conquistadors' Treasure left play
	Notes        []string      `json:"notes,omitempty"`
	Steps        []Step        `json:"-"`
}

// endOfBattle applies Step 5 to a finished battle. toDef/toAtt are the
// damage each side received.
func endOfBattle(t BattleType, att, def, attAfter, defAfter Unit, toDef, toAtt Damage, o Options) Outcome {
	var out Outcome
	step := func(text, rule string, cites ...string) {
		out.Steps = append(out.Steps, Step{Text: text, Rule: rule, Cites: cites})
	}
	step("the Battle ends; all played Action Cards are returned to the game box",
		"Whether a Broadside Battle or a Boarding Battle has ended, all played Action Cards, even cards that resulted in no practical use, are returned to the game box and are not placed in the Discard Pile.", CiteEndOfBattle)
	type pair struct {
		winRole, loseRole    string
		win, lose, loseAfter Unit
		dmg                  Damage
	}
	var ps []pair
	if toDef.Defeated {
		ps = append(ps, pair{"attacker", "defender", attAfter, def, defAfter, toDef})
	}
	if toAtt.Defeated {
		ps = append(ps, pair{"defender", "attacker", defAfter, att, attAfter, toAtt})
	}
	if len(ps) == 0 {
		step("neither side is defeated; either may continue with a new Battle on a future turn or escape by moving away",
			"It may also happen, that neither attacker nor defender is defeated when a Battle comes to an end.", CiteEndOfBattle)
	}
	for _, p := range ps {
		out.Defeated = append(out.Defeated, p.loseRole)
		out.Winner = p.winRole
		defeatOf(t, p.winRole, p.win, p.lose, p.loseAfter, p.dmg, o, &out, step)
	}
	return out
}

func rewardFor(out *Outcome, role string, win Unit, r Reward) {
	if win.IsNPC() {
		out.Notes = append(out.Notes, fmt.Sprintf("the %s is an NPC and receives nothing (%s)", win.Label(), r.Why))
		return
	}
	r.To, r.Player = role, win.Owner
	out.Rewards = append(out.Rewards, r)
}

func defeatOf(t BattleType, role string, win, lose, loseAfter Unit, dmg Damage, o Options, out *Outcome, step func(string, string, ...string)) {
	npcWin := win.IsNPC()
	shipWin := win.Kind == KindShip
	switch lose.Kind {
	case KindFort:
		out.Removed = append(out.Removed, "Fort")
		if shipWin {
			rewardFor(out, role, win, Reward{XP: 2, Why: "defeating an opponent's Fort"})
		}
		step("the Fort is defeated: remove the Fort token (it can be built again by any player)"+map[bool]string{true: "; the opponent receives 2 Experience Tokens", false: ""}[shipWin],
			"If a Fort ever receives their second Damage Marker during a Broadside Battle, they are immediately defeated and the Battle ends. The opponent player receives 2 Experience Tokens.", CiteDefeatedForts)
	case KindMilitia:
		step("the Plantation with a Militia is defeated: do not remove the Plantation; with no Militia the attacker can likely re-Capture the island",
			"If a Plantation with a Militia ever has 0 Sailors during a Boarding Battle they are immediately defeated and the Battle ends.", CiteDefeatedMilitia)
	case KindCaravel:
		out.Removed = append(out.Removed, "Conquistadors' Caravel")
		r := Reward{XP: 2, Why: "defeating a Conquistadors' Caravel (Silver Coins are not rewarded for NPC 'Caravels')"}
		if shipWin {
			r.Items = []string{"Treasure Chest (7 Silver Coins) in the Captain's Cabin"}
		} else {
			out.Notes = append(out.Notes, "the Caravel's treasure sinks to the bottom of the sea (the opponent was not a Player Ship)")
		}
		rewardFor(out, role, win, r)
		step("the Conquistadors' Caravel is defeated and removed", "If a Conquistadors' Caravel ever receives their second Damage Marker during a Broadside Battle, they are immediately defeated. The opponent player receives 2 Experience Tokens. Also, if the opponent was a Player Ship, place a Treasure Chest token in their Captain's Cabin.", CiteDefeatedCaravels)
	case KindGalleass:
		out.Removed = append(out.Removed, "Conquistadors' Galleass")
		hasTreasure := lose.Owner == "" || len(lose.Cargo) == 0 || hasItem(lose.Cargo, "treasure") // a Galleass carries the Conquistadors' Treasure unless its cargo says otherwise
		if t == Broadside {
			rewardFor(out, role, win, Reward{Silver: 5, XP: 2, Why: "defeating the Conquistadors' Galleass by Broadside Battle"})
			if hasTreasure {
				out.EndGame = true
				out.Notes = append(out.Notes, "the Conquistadors' Treasure sinks with the Galleass: end game at the end of the Round")
			}
			step("the Galleass sinks too fast from a Broadside Battle; its Conquistadors' Treasure goes to the bottom of the sea",
				"If defeated during a Broadside Battle, the opponent player receives 5 Silver Coins and also 2 Experience Tokens. The Conquistadors' Treasure ... is removed before an opportunity to seize. This will trigger end game at the end of the Round.", CiteDefeatedGalleass)
		} else {
			r := Reward{XP: 1, Why: "defeating the Conquistadors' Galleass by Boarding Battle (Silver Coins are not reward for Boarding Battles)"}
			if shipWin && hasTreasure {
				r.Items = []string{"the Conquistadors' Treasure in the Cargo Hold (a Transshipment to make room is always allowed)"}
			}
			rewardFor(out, role, win, r)
			step("the Galleass is boarded and defeated", "If defeated during a Boarding Battle by a Player Ship, place the Conquistadors' Treasure token in their Cargo Hold. The opponent player receives 1 Experience Token.", CiteDefeatedGalleass)
		}
		if lose.Owner != "" {
			out.PlayerDefeat = playerDefeat(lose, true, false, o)
			out.Notes = append(out.Notes, "a player's Galleass is always Lost after onboard components are seized: never united into a fleet, swapped or used as a 'Prize Ship'")
			if shipWin && t == Boarding {
				out.Seize = &Seizure{By: win.Label(), May: []string{"Cargo Hold contents (the Conquistadors' Treasure)"}}
			}
		}
	case KindFreighter:
		out.Removed = append(out.Removed, "Silver Freighter")
		r := Reward{Silver: 5, XP: 2, Why: "defeating the Silver Freighter"}
		if shipWin && dmg.Disabled {
			r.Items = []string{"Treasure Chest (7 Silver Coins) in the Captain's Cabin"}
		}
		rewardFor(out, role, win, r)
		step("the Silver Freighter is defeated and removed", "The opponent player receives 5 Silver Coins, 2 Experience Tokens. Also, if the opponent was a Player Ship and the ship received no damage (no '6' dice rolls) but was just disabled ('2' rolled), place a Treasure Chest token in their Captain's Cabin.", CiteDefeatedFreight)
	case KindPirate:
		out.Removed = append(out.Removed, "Pirate Ship")
		r := Reward{Silver: 5, XP: 2, Trophy: "Pirate Ship", Votes: 5, Why: "defeating a Pirate Ship"}
		if t == Boarding {
			r = Reward{XP: 1, Trophy: "Pirate Ship", Votes: 5, Why: "defeating a Pirate Ship by Boarding Battle (Advanced Rules: 0 Silver Coins, 1 Experience Token)"}
		}
		rewardFor(out, role, win, r)
		step("the Pirate Ship is defeated; its token is a trophy worth 5 Votes", "If a Pirate Ship ever receives their second Damage Marker during a Battle, they are immediately defeated. The opponent player receives 5 Silver Coins and also 2 Experience Tokens. Also, the opponent player places the corresponding Pirate Ship token into their Treasury as a trophy.", CiteDefeatedPirates)
	case KindMonster:
		out.Removed = append(out.Removed, MonsterTitle(lose.Monster)+" (card returned to the game box)")
		rewardFor(out, role, win, Reward{Silver: 5, XP: 2, Trophy: MonsterTitle(lose.Monster), Votes: 5, Why: "defeating a Sea Monster"})
		step("the Sea Monster is defeated", "From the bounties placed on all Sea Monsters, the opponent player receives 5 Silver Coins and also 2 Experience Tokens. Also, the opponent player places the corresponding Sea Monster token into their Treasury as a trophy.", CiteDefeatedMonsters)
	case KindBattery:
		out.Removed = append(out.Removed, "Battery of Cannons")
		rewardFor(out, role, win, Reward{XP: 1, Why: "defeating a Battery of Cannons"})
		step("the Battery of Cannons is defeated and removed", "If a Battery of Cannons ever receives any damage during a Broadside Battle, they are immediately defeated. The opponent player receives 1 Experience Token.", CiteDefeatedBattery)
	case KindTemple:
		out.Removed = append(out.Removed, "Last Day Temple (its walls open)")
		rewardFor(out, role, win, Reward{Silver: 5, XP: 2, Why: "defeating the Last Day Temple"})
		step("the Last Day Temple is removed", "The opponent player receives 5 Silver Coins and also 2 Experience Tokens.", CiteDefeatedTemple, CiteTemple)
	case KindShip:
		playerShipDefeated(t, role, win, lose, loseAfter, o, out, step)
	}
	if npcWin && lose.Kind == KindShip {
		out.Notes = append(out.Notes, "An NPC that defeats an opponent receives nothing; all content on the defeated ship sinks and is removed")
	}
}

func hasItem(list []string, it string) bool {
	for _, x := range list {
		if strings.EqualFold(x, it) {
			return true
		}
	}
	return false
}

// sloopCost is the cheapest Player Ship (Ship Type Summary: Sloop (S), 8).
const sloopCost = 8

// LostOutsideBattle is what 'Defeated Player Ships' gives the player whose
// Player Ship is Lost outside a Battle (Overboard taking its last Cannon,
// the Flying Dutchman's Death Zone): "When a player has a Player Ship
// defeated for the first time, their nation's government will send a
// support of 5 Silver Coins. When a player has a Player Ship defeated for
// the second time, remove their matching Skull-Rock", and the donated Sloop
// when it was their last. lose gives Owner, PriorDefeats and Fleet.
func LostOutsideBattle(lose Unit, o Options) *PlayerDefeat {
	return playerDefeat(lose, true, false, o)
}

func playerDefeat(lose Unit, lost bool, boarding bool, o Options) *PlayerDefeat {
	pd := &PlayerDefeat{Player: lose.Owner, Nth: lose.PriorDefeats + 1, Lost: lost, OfficersRemoved: boarding}
	switch pd.Nth {
	case 1:
		pd.Silver = 5
	case 2:
		pd.SkullRockRemoved = true
	}
	// "if a player ever removes their last Player Ship and cannot afford to
	// buy a new ship": after a Boarding win the victor sinks, unites, swaps
	// or keeps the ship as a prize, so the loser's ship is gone whether or
	// not it is Lost.
	if lose.Fleet == 1 {
		if lose.TreasurySet {
			// Ruling: the first defeat's support (5 Silver Coins) arrives
			// with the defeat, so it counts toward affording a new ship
			// (Options.BailOutBeforeSupport: it does not).
			coins := lose.Treasury
			if !o.BailOutBeforeSupport {
				coins += pd.Silver
			}
			if coins < sloopCost {
				pd.BailOut = "the player's last Player Ship is gone and they cannot afford a new ship: their government donates a new Sloop, placed at their starting Base during the action step of their next turn; return any Silver Coins above 5 to the supply"
			}
		} else {
			pd.BailOut = "if this was the player's last Player Ship and they cannot afford a new one, their government donates a new Sloop (returning Silver Coins above 5)"
		}
	}
	return pd
}

func playerShipDefeated(t BattleType, role string, win, lose, loseAfter Unit, o Options, out *Outcome, step func(string, string, ...string)) {
	sloopCaravel := lose.ShipType == "sloop" || lose.ShipType == "caravel"
	if t == Broadside {
		r := Reward{Silver: 5, XP: 2, Why: "defeating a Player Ship by Broadside Battle"}
		if sloopCaravel {
			r.Silver = 0
			r.Why += " (defeating a Sloop or Caravel does not earn Silver Coins)"
		}
		rewardFor(out, role, win, r)
		out.Removed = append(out.Removed, lose.Label()+" (Lost)")
		out.PlayerDefeat = playerDefeat(lose, true, false, o)
		if win.Kind == KindShip {
			may := []string{}
			if loseAfter.Sailors > 0 {
				may = append(may, referee.Count(loseAfter.Sailors, "Sailor"))
			}
			if loseAfter.FencingMaster != NoOfficer {
				may = append(may, "the Fencing Master")
			}
			if loseAfter.Gunner != NoOfficer {
				may = append(may, "the Gunner")
			}
			for _, p := range lose.Passengers {
				may = append(may, p+" (Passenger Cabin)")
			}
			for _, c := range lose.CaptainsCabin {
				may = append(may, c+" (Captain's Cabin; the 3-card limit can be exceeded)")
			}
			sinks := []string{}
			if loseAfter.Captain != NoOfficer {
				sinks = append(sinks, "the Captain (goes down with the ship)")
			}
			for _, c := range lose.Cargo {
				sinks = append(sinks, c+" (Cargo Hold)")
			}
			if hasItem(lose.Cargo, "treasure") {
				out.EndGame = true
			}
			out.Seize = &Seizure{By: win.Label(), May: may, Sinks: sinks, Note: "the victor's Player Ship must have room for what it rescues"}
		} else {
			out.Notes = append(out.Notes, "Forts and NPCs cannot seize: everything on the defeated Player Ship sinks")
			if hasItem(lose.Cargo, "treasure") {
				out.EndGame = true
			}
		}
		step(fmt.Sprintf("%s's last Cannon is removed: the Player Ship is defeated and Lost", lose.Label()),
			"If a Player Ship was defeated from a Broadside Battle, the ship is Lost. The opponent player receives 5 Silver Coins and also 2 Experience Tokens. Exception: Defeating a Sloop (S) or Caravel (C) does not earn Silver Coins. If the opponent was a Player Ship, it can 'rescue' people abandoning the defeated Player Ship.",
			CiteLostBroadside, CiteDefeatedPlayer, CiteXPEarning)
		return
	}
	// Boarding.
	rewardFor(out, role, win, Reward{XP: 1, Why: "defeating a Player Ship by Boarding Battle"})
	if win.Kind != KindShip {
		out.Removed = append(out.Removed, lose.Label()+" (Lost)")
		out.PlayerDefeat = playerDefeat(lose, true, true, o)
		step(fmt.Sprintf("%s is defeated by boarding; its Officers are removed and, the victor not being a Player Ship, it is Lost", lose.Label()),
			"First, all Officers are removed from the losing Player Ship's board. If the opponent was not a Player Ship, then the ship is Lost.", CiteLostBoarding, CiteDefeatedPlayer)
		return
	}
	out.PlayerDefeat = playerDefeat(lose, false, true, o)
	fleet := win.Fleet
	unite := Choice{Name: "Unite into the Fleet", Allowed: true, Why: "take over the defeated ship and its board, transferring at least 1 Cannon from the original ship (a one-time exchange of a Sailor for a Cannon is allowed)"}
	switch {
	case fleet >= 2:
		unite.Allowed, unite.Why = false, fmt.Sprintf("the victor already has %s in their fleet (fewer than 2 are needed)", referee.Count(fleet, "Player Ship"))
	case fleet == 0:
		unite.Why += "; only if the victor has fewer than 2 Player Ships in their fleet"
	}
	if unite.Allowed && lose.ShipType != "" {
		for _, ft := range append([]string{win.ShipType}, win.FleetTypes...) {
			if ft == lose.ShipType {
				unite.Allowed, unite.Why = false, "that ship type is already in the victor's fleet"
			}
		}
	}
	if unite.Allowed && win.Cannons < 2 {
		unite.Allowed, unite.Why = false, fmt.Sprintf("the victor's ship has %s: transferring 1 would leave it with 0 Cannons", referee.Count(win.Cannons, "Cannon"))
	}
	if lose.ShipType == "frigate" || lose.ShipType == "fluyt" {
		unite.Why += "; the Frigate/Fluyt must be available to the victor's nation"
	}
	out.Choices = []Choice{
		{Name: "Seize and Sink", Allowed: true, Why: "seize Passengers, Rafts, Captain's Cabin contents and, unlike Broadside Battles, the Cargo Hold (Barrels, Crates, the Conquistadors' Treasure); then the ship is Lost"},
		unite,
		{Name: "Swap Ships", Allowed: true, Why: "move some or all contents of the original ship onto the defeated ship; the original ship and board are removed"},
		{Name: "Prize Ship", Allowed: lose.Kind == KindShip, Why: "the fourth choice named by the rulebook ('Prize Ships' cannot be used to win with the Conquistadors' Treasure); its text is not reproduced in the rulebook file bosun reads"},
	}
	step(fmt.Sprintf("%s is defeated by boarding: all its Officers are removed; the victor receives 1 Experience Token and chooses what to do with the ship", lose.Label()),
		"If the Player Ship was defeated from a Boarding Battle, the ship is not necessarily Lost. First, all Officers are removed from the losing Player Ship's board. Second, the opponent player receives 1 Experience Token. Otherwise, if the opponent was a Player Ship, the opponent player chooses 1 of 4 decisions as to what to do with the defeated Player Ship.",
		CiteLostBoarding, CiteDefeatedPlayer)
}
