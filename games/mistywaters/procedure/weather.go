package procedure

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// MoveMarker moves the Weather Marker by move boxes on the 1-12 Wind Force;
// a move that would leave the track is made whole in the opposite
// direction from the original box (the bounce rule).
func MoveMarker(box, move int) (int, bool) {
	to := box + move
	bounced := false
	if to < 1 || to > 12 {
		to = box - move
		bounced = true
	}
	if to < 1 {
		to = 1
	}
	if to > 12 {
		to = 12
	}
	return to, bounced
}

// Step0 applies Step 0: at 11 or 12 oB the marker moves three boxes lower.
func Step0(box int) int {
	if box >= 11 {
		return box - 3
	}
	return box
}

// Overboard is a Wind Force box's one-time removal.
type Overboard struct {
	Crew    int `json:"crew"`
	Cannons int `json:"cannons"`
}

// ParseOverboard reads "1 crew", "2 cannons", "1 crew 1 cannon" or "0".
func ParseOverboard(v any) (Overboard, error) {
	var o Overboard
	s := strings.ToLower(strings.TrimSpace(fmt.Sprint(v)))
	if s == "0" || s == "" || s == "none" {
		return o, nil
	}
	f := strings.Fields(strings.NewReplacer(",", " ", "+", " ").Replace(s))
	if len(f)%2 != 0 {
		return o, referee.Usagef("mistywaters: Overboard %q: write %s", s, overboardAccepted)
	}
	for i := 0; i < len(f); i += 2 {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 || n > 5 {
			return o, referee.Usagef("mistywaters: Overboard %q: write %s", s, overboardAccepted)
		}
		switch {
		case strings.HasPrefix(f[i+1], "crew"), strings.HasPrefix(f[i+1], "sailor"), strings.HasPrefix(f[i+1], "officer"):
			o.Crew += n
		case strings.HasPrefix(f[i+1], "cannon"):
			o.Cannons += n
		default:
			return o, referee.Usagef("mistywaters: Overboard %q: write %s", s, overboardAccepted)
		}
	}
	return o, nil
}

func (r *step) overboard(box int) (Overboard, error) {
	v, err := r.boardValue("mwp-wind-force", fmt.Sprintf("overboard.%d", box), referee.Question{
		Key:      fmt.Sprintf("misty.board.wind.overboard.%d", box),
		Text:     fmt.Sprintf("the Overboard removal next to Wind Force box %d oB (what each Player Ship At Sea removes when the Weather Marker moves there)", box),
		Kind:     referee.KindText,
		Where:    fmt.Sprintf("the Wind Force track, box %d oB", box),
		Accepted: overboardAccepted,
	}, func(v string) error {
		_, err := ParseOverboard(v)
		if err != nil {
			return errors.New("not a removal bosun can read")
		}
		return nil
	})
	if err != nil {
		return Overboard{}, err
	}
	return ParseOverboard(v)
}

func (r *step) phase3() error {
	st := r.st
	start := st.Wind
	r.emit("phase", fmt.Sprintf("%s: %s performs the steps; the Weather Marker is at %d oB", phaseNames[PhaseWeather], st.priorityName(), st.Wind), map[string]any{"phase": 3, "wind": st.Wind}, citePhase3)
	moved := false
	if b := Step0(st.Wind); b != st.Wind {
		r.emit("weather", fmt.Sprintf("Step 0: the wind quiets: the Weather Marker moves three boxes lower, from %d to %d oB", st.Wind, b), map[string]any{"from": st.Wind, "to": b}, citeStep0Wind)
		st.Wind = b
		moved = true
	}
	tile, ok, err := r.activeTile()
	if err != nil {
		return err
	}
	if ok {
		st.Weather.Last = &tile
		to, bounced := MoveMarker(st.Wind, tile.Move)
		text := fmt.Sprintf("Step 1: the Weather Tile %s is activated: the Weather Marker moves from %d to %d oB", tileText(tile), st.Wind, to)
		cites := []string{citeStep1Tile, citeWeatherMarker}
		if bounced {
			text += fmt.Sprintf(" (a %+d would leave the Wind Force, so it moves %+d instead)", tile.Move, -tile.Move)
		}
		r.emit("weather", text, map[string]any{"tile": tile, "from": st.Wind, "to": to, "bounced": bounced}, cites...)
		if to != st.Wind || tile.Move != 0 {
			moved = true
		}
		st.Wind = to
	} else {
		r.emit("weather", "Step 1: there is no Weather Tile in the middle yet, so none is activated this Round", nil, citeStep1Tile)
	}
	st.WindMoved = moved
	if err := r.windEffects(start, moved); err != nil {
		return err
	}
	if ok {
		if err := r.tileEffect(tile); err != nil {
			return err
		}
	}
	r.drawTile()
	r.advance()
	return nil
}

// activeTile returns the tile in the middle of the display.
func (r *step) activeTile() (Tile, bool, error) {
	w := &r.st.Weather
	if !w.Entered {
		if w.Middle == nil {
			return Tile{}, false, nil
		}
		return *w.Middle, true, nil
	}
	if !w.Started && r.st.Opt.FirstTile == "literal" {
		return Tile{}, false, nil
	}
	mv, err := r.number("misty.weather.tile.move", "the activated Weather Tile's number (how many boxes to move the Weather Marker; 0 if none)", -6, 6)
	if err != nil {
		return Tile{}, false, err
	}
	// The effect is read off the tile: Enter takes nothing (none would
	// skip a printed effect).
	eff, err := r.chooseUsual("misty.weather.tile.effect", "the activated Weather Tile's effect", referee.NoDefault, TileEffects...)
	if err != nil {
		return Tile{}, false, err
	}
	r.env.Reveal()
	return Tile{Move: mv, Effect: eff}, true, nil
}

func (r *step) drawTile() {
	w := &r.st.Weather
	if w.Entered {
		w.Started = true
		r.emit("weather", "Step 2: move the face-up tile on the stack to the middle (activated next Round) and flip a new tile face-up on the stack", nil, citeStep2Tile)
		return
	}
	w.Middle = w.Top
	w.Top = nil
	if len(w.Deck) > 0 {
		t := w.Deck[0]
		w.Top = &t
		w.Deck = w.Deck[1:]
	}
	text := "Step 2: the face-up tile moves to the middle"
	if w.Middle != nil {
		text += " (" + tileText(*w.Middle) + ", activated next Round)"
	}
	if w.Top != nil {
		text += "; flip " + tileText(*w.Top) + " face-up on the stack"
	} else {
		text += "; the stack is empty"
	}
	r.emit("weather", text, map[string]any{"middle": w.Middle, "top": w.Top}, citeStep2Tile)
}

func (r *step) windEffects(start int, moved bool) error {
	st := r.st
	mod, err := r.speedMod()
	if err != nil {
		return err
	}
	effs, err := r.effects()
	if err != nil {
		return err
	}
	var ob Overboard
	if moved {
		if ob, err = r.overboard(st.Wind); err != nil {
			return err
		}
	}
	cites := []string{citeWindEffects, citeWindSails}
	for _, e := range effs {
		cites = append(cites, effectCites[e])
	}
	text := fmt.Sprintf("Wind Force %d oB: speed modification %+d (minimum range 1); ongoing effects: %s", st.Wind, mod, orNone(effs))
	r.emit("weather", text, map[string]any{"wind": st.Wind, "speed_mod": mod, "effects": effs, "from": start}, cites...)
	if ob.Crew+ob.Cannons > 0 {
		var what []string
		if ob.Crew > 0 {
			what = append(what, fmt.Sprintf("%d %s/%s", ob.Crew, referee.Noun(ob.Crew, "Sailor"), referee.Noun(ob.Crew, "Officer")))
		}
		if ob.Cannons > 0 {
			what = append(what, referee.Count(ob.Cannons, "Cannon"))
		}
		r.emit("weather", fmt.Sprintf("Overboard: each Player Ship At Sea removes %s now (an applicable Action Card may protect a ship; NPC Ships lose nothing)", strings.Join(what, " and ")),
			map[string]any{"overboard": ob, "wind": st.Wind}, citeOverboard)
		// "Overboard: Each Player Ship At Sea immediately removes the number
		// of ... Cannons" and "When the last Cannon is removed from a Player
		// Ship's ship board, the Player Ship is defeated": bosun does not
		// know where ships are nor their Cannons, so it asks.
		if ob.Cannons > 0 {
			if opts := st.shipOptions(); len(opts) > 0 {
				vs, err := r.list("misty.weather.overboard-defeated", "Overboard: which Player Ships lost their last Cannon and are defeated? (none; NAME or NAME-TYPE, comma-separated)", append(opts, "none"))
				if err != nil {
					return err
				}
				ps, codes, err := r.shipsNamed(vs, "misty.weather.overboard-ship", "%s: which of your Player Ships lost its last Cannon Overboard?")
				if err != nil {
					return err
				}
				for i, p := range ps {
					if err := r.lostOutsideBattle(p, codes[i], "its last Cannon went Overboard: defeated and Lost", true, citeOverboard); err != nil {
						return err
					}
				}
			}
		}
	}
	for _, e := range effs {
		switch e {
		case "return-to-the-depths":
			if ms := st.ids(KindMonster); len(ms) > 0 {
				for _, m := range ms {
					st.removeNPC(m)
				}
				r.emit("weather", fmt.Sprintf("Return to the Depths: %s leave the map; shuffle their cards back into the Sea Adventure deck", strings.Join(ms, ", ")), map[string]any{"removed": ms}, citeReturnDepths)
			}
		case "sea-giveth":
			if st.itemsAtSea() {
				st.Whirlpools = [6]string{}
				r.emit("weather", "Sea Giveth and Sea Taketh Away: every Crate and Raft At Sea returns to the supply", nil, citeSeaGiveth)
			}
		case "hunker-down":
			r.emit("weather", "Hunker Down: every Crate and Raft on a Main Island returns to the supply", nil, citeHunkerDown)
		}
	}
	return nil
}

func (r *step) tileEffect(t Tile) error {
	st := r.st
	switch t.Effect {
	case "abundant-crops":
		if st.Wind == 12 {
			r.emit("weather", "Abundant Crops and Ore Deposits is ignored at 12 oB", nil, citeAbundantCrops)
			return nil
		}
		r.emit("weather", "Abundant Crops and Ore Deposits: place 1 Barrel next to each Plantation and 1 Crate next to each Mine (no Free Trade Route sale; max 3 of each per island)", nil, citeAbundantCrops)
	case "thar-she-blows":
		depths, err := r.inForce("return-to-the-depths")
		if err != nil {
			return err
		}
		if st.Wind >= 11 || depths {
			r.emit("weather", "Thar She Blows is ignored at 11-12 oB (Return to the Depths)", nil, citeTharSheBlows, citeReturnDepths)
			return nil
		}
		return r.tharSheBlows()
	case "ship-debris", "castaway":
		item, cite := "crate", citeShipDebris
		if t.Effect == "castaway" {
			item, cite = "raft", citeCastaway
		}
		giveth, err := r.inForce("sea-giveth")
		if err != nil {
			return err
		}
		if st.Wind >= 9 || giveth {
			r.emit("weather", fmt.Sprintf("%s is ignored at 9 oB or higher", t.Effect), nil, cite)
			return nil
		}
		return r.whirlpoolItem(item, cite)
	}
	return nil
}

func (r *step) whirlpoolItem(item, cite string) error {
	st := r.st
	w, err := r.d6("misty.weather.whirlpool")
	if err != nil {
		return err
	}
	for i := 0; i < 6; i++ {
		ww := (w-1+i)%6 + 1
		if st.Whirlpools[ww-1] != "" {
			continue
		}
		occ, err := r.confirm(fmt.Sprintf("misty.board.whirlpool.%d.occupied", ww), fmt.Sprintf("is Whirlpool %d occupied by a Player Ship, Pirate Ship, other NPC Ship, Sea Monster, or other object (a Crate or Raft bosun did not place)?", ww), "no")
		if err != nil {
			return err
		}
		if occ {
			continue
		}
		st.Whirlpools[ww-1] = item
		text := fmt.Sprintf("place a %s from the supply on Whirlpool %d", item, ww)
		if ww != w {
			text = fmt.Sprintf("Whirlpool %d is occupied: %s (next clockwise)", w, text)
		} else {
			text = fmt.Sprintf("die %d: %s", w, text)
		}
		r.emit("weather", text, map[string]any{"die": w, "whirlpool": ww, "item": item}, cite, citeWhirlpoolsWx)
		return nil
	}
	r.emit("weather", fmt.Sprintf("every Whirlpool is occupied: no %s is placed", item), map[string]any{"die": w}, cite, citeWhirlpoolsWx)
	return nil
}

func (r *step) tharSheBlows() error {
	st := r.st
	r.emit("weather", "Thar She Blows: from the Priority Token holder to the left, each player with a Player Ship At Sea assigns, then draws, a Sea Adventure Card", nil, citeTharSheBlows, citeSeaAdventure)
	for _, i := range st.order() {
		p := st.Players[i]
		if len(p.Fleet) == 0 {
			continue // no Player Ship on the map
		}
		k, err := r.number("misty.player."+p.Name+".at-sea", fmt.Sprintf("%s: how many of your Player Ships are At Sea? (ships afloat as bosun knows them: %s)", p.Name, fleetText(p.Fleet)), 0, st.fleetCap())
		if err != nil {
			return err
		}
		if k == 0 {
			continue
		}
		cards := 1
		if st.Opt.SeaAdv == "per-ship" {
			cards = k
		}
		for c := 0; c < cards; c++ {
			ship := ""
			if k > 1 {
				opts := shipTypeIDs()
				if len(p.Fleet) >= k {
					opts = nil
					for _, f := range p.Fleet {
						opts = append(opts, shipType(f))
					}
				}
				if ship, err = r.choose("misty.player."+p.Name+".sea-adventure.ship", p.Name+": which of your ships At Sea is the card assigned to (chosen before drawing)?", opts...); err != nil {
					return err
				}
			}
			opts := []string{"other"}
			for _, m := range Monsters {
				if st.npc(m) == nil {
					opts = append(opts, m)
				}
			}
			card, err := r.choose("misty.player."+p.Name+".sea-adventure", p.Name+": which Sea Adventure Card was drawn? (a Sea Monster's name, or other)", opts...)
			if err != nil {
				return err
			}
			r.env.Reveal()
			if card == "other" {
				r.emit("weather", fmt.Sprintf("%s reads the Sea Adventure Card aloud and follows it%s", p.Name, shipNote(ship)), map[string]any{"player": p.Name, "card": "other", "ship": ship}, citeSeaAdventure)
				continue
			}
			placed, err := r.confirm("misty.player."+p.Name+".monster-placed", fmt.Sprintf("%s: is there an unoccupied At Sea space adjacent to your ship for the %s?", p.Name, card), "yes")
			if err != nil {
				return err
			}
			if err := r.addMonster(card); err != nil {
				return err
			}
			r.emit("weather", fmt.Sprintf("%s draws the %s%s: it attacks at once", p.Name, card, shipNote(ship)), map[string]any{"player": p.Name, "monster": card, "placed": placed, "ship": ship}, citeSeaAdventure, citeOfficialSeaAdv)
			target := p.Name
			if ship != "" && p.hasShip(mustKind(ship).Code) {
				target = p.Name + "-" + ship // the ship the card was assigned to
			}
			if err := r.monsterAttacksPlayer(card, target); err != nil {
				return err
			}
			if !placed && st.npc(card) != nil {
				st.removeNPC(card)
				r.emit("weather", fmt.Sprintf("The %s had no space: remove its token and shuffle its card back into the deck", card), map[string]any{"monster": card}, citeSeaAdventure)
			}
		}
	}
	return nil
}

func shipNote(ship string) string {
	if ship == "" {
		return ""
	}
	return " (assigned to the " + shipTitle(ship) + ")"
}
