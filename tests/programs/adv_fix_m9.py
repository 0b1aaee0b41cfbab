print(ascii("é"), "%a" % "é", f"{'é'!a}", "{!a}".format("é"))
