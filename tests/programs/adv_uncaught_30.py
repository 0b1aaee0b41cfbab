raise SystemExit(5)
