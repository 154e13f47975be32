#!/bin/sh
# make-deb.sh ROOT VERSION: turns the tree `make install-files DESTDIR=ROOT PREFIX=/usr` wrote
# into lodestar_VERSION_ARCH.deb (in the working directory) with dpkg-deb, then runs lintian.
# `make deb` calls it. What debhelper would add is added here: compressed man pages, the
# copyright and changelog, /etc/default/lodestar as a conffile, the maintainer scripts
# (packaging/debian), md5sums, and Depends computed by dpkg-shlibdeps from the binary.
set -eu
root=$1
version=$2
arch=$(dpkg --print-architecture)
deb=lodestar_${version}_${arch}.deb
doc=$root/usr/share/doc/lodestar

gzip -9nf "$root"/usr/share/man/man1/*.1
install -d "$root/etc/default" "$root/DEBIAN"
install -m 644 packaging/lodestar.default "$root/etc/default/lodestar"
install -m 644 packaging/debian/copyright "$doc/copyright"
# A native package's changelog: one entry for this version.
date=$(git log -1 --format=%aD 2>/dev/null || date -R)
printf 'lodestar (%s) unstable; urgency=medium\n\n  * Release %s (tagged v%s).\n\n -- %s  %s\n' \
  "$version" "$version" "$version" \
  "$(sed -n 's/^Maintainer: //p' packaging/debian/control.in)" "$date" | gzip -9n > "$doc/changelog.gz"
cat > "$doc/README.Debian" <<'README'
lodestar for Debian
-------------------

The units are installed but not enabled. The ride service:

  edit /etc/default/lodestar, then: systemctl enable --now lodestar-serve

It runs as the system user lodestar, keeps its database in /var/lib/lodestar, and listens on
127.0.0.1:8080 unless LODESTAR_LISTEN says otherwise. It binds its address itself: there is no
socket activation. A vehicle reporting to it, as vehicle ID:

  cp /usr/share/doc/lodestar/examples/lodestar-vehicle.default /etc/default/lodestar-vehicle-ID
  chmod 600 /etc/default/lodestar-vehicle-ID   # then set LODESTAR_TOKEN in it
  systemctl enable --now lodestar-vehicle@ID

Purging the package leaves /var/lib/lodestar (the rides) and the lodestar user, which owns it.
README
gzip -9n "$doc/README.Debian"
# The one lintian error kept, overridden with its reason (packaging/README.md).
install -d "$root/usr/share/lintian/overrides"
cat > "$root/usr/share/lintian/overrides/lodestar" <<'OVERRIDES'
# swift-nio-extras (a dependency of Hummingbird and AsyncHTTPClient) vendors zlib as its C target
# CNIOExtrasZlib, with renamed symbols; SwiftPM compiles it into the binary like every package.
lodestar: embedded-library zlib [usr/bin/lodestar]
OVERRIDES
for script in postinst prerm postrm; do install -m 755 "packaging/debian/$script" "$root/DEBIAN/$script"; done
echo /etc/default/lodestar > "$root/DEBIAN/conffiles"

# dpkg-shlibdeps reads debian/control: a scratch one beside the tree.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: lodestar\n\nPackage: lodestar\nArchitecture: any\n' > "$work/debian/control"
binary=$(cd "$root" && pwd)/usr/bin/lodestar
depends=$(cd "$work" && dpkg-shlibdeps -O "$binary" | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  packaging/debian/control.in > "$root/DEBIAN/control"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums" "$root/DEBIAN/conffiles"

dpkg-deb --root-owner-group -Zxz --build "$root" "$deb"
echo "make-deb.sh: $deb"
dpkg-deb --field "$deb" Depends
# lintian: errors fail the build; the warnings kept are explained in packaging/README.md.
lintian --fail-on error --info "$deb"
