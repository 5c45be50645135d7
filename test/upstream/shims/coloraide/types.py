Vector = list
