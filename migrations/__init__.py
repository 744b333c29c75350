"""The numbered SQL migrations, shipped as package data so an installed callgrade (a wheel, an image)
carries the schema it needs; `service.migrate` reads the files from this package's folder."""
