# Unicode case mapping (titlecase, full case folding, istitle) and non-ASCII digits in int()/float()
words = ['ǆ', 'ﬁ', 'ǅ', 'Ǆ', 'ǆa ǅB', 'ﬁne ﬂow', 'Straße', 'ΣΑΣ ΣΑΣ.', 'aΣb', 'ΑΣ', 'ǉubljana',
         'ǈ', 'ŉ', 'ΐ', 'İstanbul', 'hello world', "they're bill's", '12abc', 'ᾳ', 'ﬃ ﬄ', 'Ωmega']
for s in words:
    print(ascii(s), ascii(s.title()), ascii(s.casefold()), ascii(s.capitalize()), ascii(s.swapcase()))
    print('  ', ascii(s.lower()), ascii(s.upper()), s.istitle(), s.isupper(), s.islower())
for s in ['ǅ', 'ǅa', 'aǅ', 'ǅ ǈ', 'Ǆa', 'ǅA', 'Ab Cd', 'ab Cd', 'A1b', '', '123']:
    print(ascii(s), s.istitle())
for s in ['٣', '١٢٣', '𝟗𝟎', '１２', '٣.١', '٣a', '²', 'Ⅻ', '0']:
    print(ascii(s), s.isdecimal(), s.isdigit(), s.isnumeric())
print(int('٣'), int('١٢٣'), int('𝟗𝟎'), int('１２'), int('\u2003 ١٢ \u00a0'), int('-٧'), int('٤_٢'))
print(int('٣', 16), int('１f', 16), int('0x١٠', 0))
print(float('١.٥'), float('١.٥e٢'), float(' -٣ '), float('１e3'), float('٣_١.٥'))
for bad in ['٣x', '²', 'Ⅻ', '٣ ٣', '٣.']:
    try:
        print(int(bad))
    except ValueError as e:
        print('ValueError:', ascii(str(e)))
for bad in ['١..٥', '²', 'x٣']:
    try:
        print(float(bad))
    except ValueError as e:
        print('ValueError:', ascii(str(e)))
arabic = '٠١٢٣٤٥٦٧٨٩'
total = 0
ftotal = 0.0
for i in range(600):
    s = ''.join(arabic[int(d)] for d in str(i))
    total += int(s)
    ftotal += float(s + '.' + arabic[i % 10])
print(total, ftotal)
titles = []
for i in range(400):
    w = ['ǆ', 'ﬁ', 'ǉ', 'ß', 'a'][i % 5] + 'x' * (i % 3)
    titles.append(w.title())
    if i % 97 == 0:
        print(ascii(w), ascii(w.title()), ascii(w.casefold()), ascii(w.title()).count('\\'), w.title().istitle())
print(len(''.join(titles)), sum(t.istitle() for t in titles))
folded = 0
for i in range(500):
    a = 'STRASSE' if i % 2 else 'straße'
    if a.casefold() == 'strasse':
        folded += 1
print(folded)
