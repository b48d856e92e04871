package data

import "testing"

func TestSailorsLoad(t *testing.T) {
	s, err := LoadSailors()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"captain": 1, "purser": 1, "first-mate": 1, "bosun": 1, "buccaneer": 1, "gunner": 2, "deck-hand": 2, "crew": 3}
	if len(s.Sailors) != len(want) {
		t.Fatalf("%d sailor kinds, want %d", len(s.Sailors), len(want))
	}
	for _, sl := range s.Sailors {
		if want[sl.ID] != sl.Count {
			t.Errorf("%s: count %d, want %d", sl.ID, sl.Count, want[sl.ID])
		}
	}
}

func TestDefaultCatalogInventsNothing(t *testing.T) {
	c, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Islands) != 0 || len(c.Advancements) != 0 || len(c.Upgrades) != 0 || len(c.AchievementValues) != 0 || len(c.BonusTokens) != 0 {
		t.Fatalf("the shipped catalog must hold only printed values, got %+v", c)
	}
	if v, ok := c.BuildingCost("fort"); !ok || v != 4 {
		t.Errorf("fort cost %d %v, want 4 (p. 15 example)", v, ok)
	}
	if v, ok := c.BuildingCost("outpost"); !ok || v != 2 {
		t.Errorf("outpost cost %d %v, want 2 (p. 15 example)", v, ok)
	}
	if _, ok := c.BuildingCost("garrison"); ok {
		t.Error("the garrison cost is not in the rulebook and must not be invented")
	}
}

func TestCatalogMergeKeepsExisting(t *testing.T) {
	c, _ := DefaultCatalog()
	c.Merge(Catalog{Islands: []Island{{ID: "test-isle", Name: "Test Isle", Slots: 4, Values: []int{6, 5, 4}, Cargo: 2}}})
	c.Merge(Catalog{Islands: []Island{{ID: "test-isle", Name: "Other", Slots: 3, Values: []int{1, 1}}}})
	i, ok := c.Island("test-isle")
	if !ok || i.Name != "Test Isle" {
		t.Fatalf("merge replaced or lost an entry: %+v %v", i, ok)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestParseCatalog(t *testing.T) {
	if _, err := ParseCatalog([]byte(`{"islands":[{"id":"a","name":"Test Isle","slots":0,"values":[1,1]}]}`)); err == nil {
		t.Error("an island with no slots must be refused")
	}
	if _, err := ParseCatalog([]byte(`{"isles":[]}`)); err == nil {
		t.Error("unknown fields must be refused")
	}
	c, err := ParseCatalog(catalogJSON)
	if err != nil || c.BuildingCosts["fort"] == nil {
		t.Fatalf("the shipped catalog parses: %v", err)
	}
}
