package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Text is the view `bosun status` prints at the table: the round and the
// end-game countdown, whose turn it is and the actions left, the Isle of
// Myth, the Apex Islands, the blocked islands and one line per clan.
func (v StatusView) Text() string {
	var b strings.Builder
	line := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	count := "not started (it starts when the first Capital Ship enters the Isle of Myth)"
	switch {
	case v.Countdown == 1:
		count = "the turn tracker is on 1: this is the last round"
	case v.Countdown > 1:
		count = fmt.Sprintf("the turn tracker is on %d", v.Countdown)
	}
	line("Round %d; end-game countdown: %s", v.Round, count)
	switch {
	case v.Over:
	case !v.started:
		line("Turn:         next, %s's turn (%s clan) starts: the Isle of Myth upkeep first if %s controls it, then 2 Active Actions", v.Turn, v.clan, v.Turn)
	case v.ActionsLeft <= 0:
		line("Turn:         %s (%s clan), no Active Action left: a free action (upgrade, ransom) or end", v.Turn, v.clan)
	default:
		line("Turn:         %s (%s clan), %s left", v.Turn, v.clan, referee.Count(v.ActionsLeft, "Active Action"))
	}
	line("Isle of Myth: %s", v.isleText())
	var apex []string
	for _, a := range v.Apex {
		apex = append(apex, a.Name+" "+apexShort(a))
	}
	line("Apex Islands: %s", strings.Join(apex, ", "))
	for _, bl := range v.Blocks {
		owner, victim := v.player(bl.Owner), v.player(bl.Victim)
		line("Blocked:      %s, %s's island, by %s's privateer (hostages: %s); ransom or fight to free it", bl.Island, victim, owner, bl.Hostages)
	}
	line("Clans:")
	for _, c := range v.Clans {
		line("  %s", c.text())
	}
	if v.Over {
		end := "The game is over"
		if len(v.Winners) > 0 {
			end += ": " + strings.Join(v.Winners, " and ") + " won"
		}
		if v.Why != "" {
			end += " (" + v.Why + ")"
		}
		line("%s.", end)
		for _, s := range v.Scores {
			loc := ""
			if s.Locations > 0 {
				loc = ", " + referee.Count(s.Locations, "location")
			}
			line("  %d. %s (%s): %s%s, fleet strength %d", s.Rank, s.Player, s.Clan, referee.Count(s.Crystals, "Magic Crystal"), loc, s.Strength)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func (v StatusView) player(clan string) string {
	for _, c := range v.Clans {
		if c.Clan.Clan == clan {
			return c.Player
		}
	}
	return clan
}

func (v StatusView) isleText() string {
	is := v.Isle
	crystals := referee.Count(v.IsleMC, "Magic Crystal") + " left on it"
	if is.Fleet.Empty() {
		if is.Entered {
			return "no fleet; " + crystals
		}
		return "no fleet, never entered; " + crystals
	}
	fleet := fmt.Sprintf("%s's fleet %s (strength %d, upkeep %d OC)", v.player(is.Clan), is.Fleet, v.isleStrength, v.isleUpkeep)
	switch {
	case is.Holder != "" && is.Holder == is.Clan:
		return fmt.Sprintf("held by %s: %s; upkeep paid %d of %s to win; %s", v.player(is.Holder), fleet, is.Upkeeps, referee.Count(v.isleNeed, "consecutive turn"), crystals)
	case is.Holder != "":
		return fmt.Sprintf("%s; %s's Capital Ship left this turn (control is kept if it returns this turn); %s", fleet, v.player(is.Holder), crystals)
	}
	return fleet + ", not in control (no Capital Ship); " + crystals
}

func apexShort(a *Apex) string {
	switch {
	case a.Covered:
		return "(covered)"
	case a.Pirate:
		return "(pirate)"
	case a.Tile > 0:
		return "(Lost Expedition tile)"
	}
	return "(open)"
}

func (c ClanStatus) text() string {
	head := fmt.Sprintf("%s (%s)", c.Player, c.Clan.Clan)
	if c.Eliminated {
		return head + ": eliminated"
	}
	ammo := "none"
	if len(c.Ammo) > 0 {
		parts := make([]string, len(c.Ammo))
		for i, a := range c.Ammo {
			parts[i] = fmt.Sprint(a)
		}
		ammo = strings.Join(parts, "+")
	}
	crystals := fmt.Sprintf("Magic Crystals %d", c.Crystals)
	if len(c.Mounted) > 0 {
		var m []string
		for _, x := range c.Mounted {
			m = append(m, x.Island+" ("+x.Resource+")")
		}
		crystals += fmt.Sprintf(" + %d mounted on %s", len(c.Mounted), strings.Join(m, ", "))
	}
	ammoText := fmt.Sprintf("Ammo %d", c.AmmoValue)
	if len(c.Ammo) > 0 {
		ammoText += fmt.Sprintf(" (cards %s)", ammo)
	}
	priv := "no privateer hired"
	switch c.Privateer {
	case "":
	case "reserve":
		priv = "privateer in the reserve"
	default:
		priv = "privateer on " + c.Privateer
	}
	tele := c.Home() + " (built in)"
	if len(c.Teleporters) > 0 {
		tele += ", " + strings.Join(c.Teleporters, ", ")
	}
	if len(c.Homes) > 0 {
		tele += ", conquered " + strings.Join(c.Homes, ", ")
	}
	parts := []string{
		fmt.Sprintf("OC %d", c.OC), fmt.Sprintf("AlWood %d", c.AlWood), ammoText,
		fmt.Sprintf("Power cards %d", c.Power), crystals, fmt.Sprintf("fleet strength %d", c.Strength),
		"reserve " + c.Reserve.String(), "Capital Ship on " + c.Capital, priv, "teleporters " + tele,
		fmt.Sprintf("ability %d.0", c.Ability),
	}
	if !c.Hostage.Empty() {
		parts = append(parts, "held hostage "+c.Hostage.String())
	}
	return head + ": " + strings.Join(parts, ", ")
}
