package rollingseas

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// PortInput is a player's Visit a Port action: what they hold and what they
// do (Tell Your Story at a new Port, Upgrade Your Ship, Fill Your Hold, Arm
// Yourself), in the Turn Summary's order.
type PortInput struct {
	Story      int  // Story Points marked so far
	Ship       int  // ship level now (1-3)
	Gold       int  // Gold Pieces available
	Provisions int  // Provisions in the hold
	Cannons    int  // Cannons now
	NewPort    bool // a Port not crossed off: Tell Your Story
	Upgrades   int  // ships to buy (0-2)
	Fill       bool // Fill Your Hold
	BuyCannons int  // Cannons to buy
}

// PortResult is the outcome of a Visit a Port action.
type PortResult struct {
	Renown     int      `json:"renown"`     // written in the Renown Column (0: no story told)
	Story      int      `json:"story"`      // Story Points after crossing one off
	Ship       int      `json:"ship"`       // ship level after upgrading
	Gold       int      `json:"gold"`       // Gold Pieces left
	Provisions int      `json:"provisions"` // Provisions in the hold after filling
	Filled     int      `json:"filled"`     // Provisions gained by Fill Your Hold
	Cannons    int      `json:"cannons"`    // Cannons after arming
	Spent      int      `json:"gold_spent"` // Gold Pieces spent in all
	Steps      []string `json:"steps"`      // what happened, in order
	Cites      []string `json:"cites"`
}

// Port resolves a Visit a Port action. Prices and Hold Capacities come from
// the board (asked once when unknown). Buying what you cannot afford is a
// RuleError.
func Port(b Board, in PortInput) (PortResult, error) {
	r := PortResult{Story: in.Story, Ship: in.Ship, Gold: in.Gold, Provisions: in.Provisions, Cannons: in.Cannons,
		Cites: []string{CiteVisitPort, CiteSummaryPort}}
	switch {
	case in.Story < 0 || in.Gold < 0 || in.Provisions < 0 || in.Cannons < 0 || in.BuyCannons < 0:
		return r, referee.Usagef("rollingseas: Story Points, Gold, Provisions and Cannons are not accepted below 0")
	case in.Ship < 1 || in.Ship > 3:
		return r, referee.Usagef("rollingseas: ship level %d is not accepted; accepted: 1, 2, 3", in.Ship)
	case in.Upgrades < 0 || in.Ship+in.Upgrades > 3:
		return r, referee.Usagef("rollingseas: %s from Ship %d is not accepted; accepted: 0-%d (there are three Ships)", referee.Count(in.Upgrades, "upgrade"), in.Ship, 3-in.Ship)
	}
	if in.Cannons > 0 {
		mx, err := b.MaxCannons()
		if err != nil {
			return r, err
		}
		if in.Cannons > mx {
			return r, referee.RuleError([]string{CiteCannons, CiteEndOfGame}, "rollingseas: %s is more than the Cannon Track holds (%d, \"purchasing the seventh Cannon\"); accepted: 0-%d", referee.Count(in.Cannons, "Cannon"), mx, mx)
		}
	}
	if in.NewPort {
		// "Gain Renown equal to the number of Story Points you've accumulated
		// so far this game ... Next, cross off one Story Point."
		r.Renown = in.Story
		r.Story = max(0, in.Story-1)
		r.Steps = append(r.Steps, fmt.Sprintf("Tell Your Story: write %d Renown in your Renown Column, cross off 1 Story Point (%d left) and the Port", r.Renown, r.Story))
		r.Cites = append(r.Cites, CiteTellStory)
	}
	for i := 0; i < in.Upgrades; i++ {
		next := r.Ship + 1
		cost := ShipCost(next)
		if r.Gold < cost {
			return r, referee.RuleError([]string{CiteUpgradeShip}, "rollingseas: Ship %d costs %s and you have %d", next, referee.Count(cost, "Gold Piece"), r.Gold)
		}
		r.Gold -= cost
		r.Spent += cost
		r.Ship = next
		r.Steps = append(r.Steps, fmt.Sprintf("Upgrade Your Ship: Ship %d for %s", next, referee.Count(cost, "Gold Piece")))
	}
	if in.Upgrades > 0 {
		r.Cites = append(r.Cites, CiteUpgradeShip)
	}
	if in.Fill {
		if r.Gold < 1 {
			return r, referee.RuleError([]string{CiteFillHold}, "rollingseas: Fill Your Hold costs 1 Gold Piece and you have none")
		}
		hold, err := b.Hold(r.Ship)
		if err != nil {
			return r, err
		}
		r.Gold--
		r.Spent++
		r.Filled = FillHold(hold, r.Provisions)
		r.Provisions += r.Filled
		r.Steps = append(r.Steps, fmt.Sprintf("Fill Your Hold: 1 Gold Piece, %s (Hold Capacity %d)", referee.Count(r.Filled, "Provision"), hold))
		r.Cites = append(r.Cites, CiteFillHold)
	}
	if in.BuyCannons > 0 {
		mx, err := b.MaxCannons()
		if err != nil {
			return r, err
		}
		if r.Cannons+in.BuyCannons > mx {
			return r, referee.RuleError([]string{CiteArmYourself}, "rollingseas: %s and %d more: the Cannon Track holds %d", referee.Count(r.Cannons, "Cannon"), in.BuyCannons, mx)
		}
		for i := 0; i < in.BuyCannons; i++ {
			price, err := b.CannonPrice(r.Cannons + 1)
			if err != nil {
				return r, err
			}
			if r.Gold < price {
				return r, referee.RuleError([]string{CiteArmYourself}, "rollingseas: Cannon %d costs %s and you have %d", r.Cannons+1, referee.Count(price, "Gold Piece"), r.Gold)
			}
			r.Gold -= price
			r.Spent += price
			r.Cannons++
			r.Steps = append(r.Steps, fmt.Sprintf("Arm Yourself: Cannon %d for %s (cross off its price tag and gain its Bonus, if any)", r.Cannons, referee.Count(price, "Gold Piece")))
		}
		r.Cites = append(r.Cites, CiteArmYourself)
	}
	if len(r.Steps) == 0 {
		r.Steps = append(r.Steps, "nothing to do at this Port")
	}
	return r, nil
}
